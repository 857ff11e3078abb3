/** A command line that does not say what to do; the message says how. */
export class UsageError extends Error {
  override readonly name = 'UsageError'
}
