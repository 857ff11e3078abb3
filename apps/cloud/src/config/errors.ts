/** Thrown when the environment does not describe a valid configuration. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError'
  constructor(readonly issues: string[]) {
    super(`Invalid cloud configuration:\n${issues.map((issue) => `  - ${issue}`).join('\n')}`)
  }
}
