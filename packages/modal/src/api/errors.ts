import { ModalError } from '../kernel/errors'

/**
 * The cloud client's failures, on the modal's one error base (kernel/errors): their text is the cloud's own words
 * or what went wrong with the answer, so each is one code rather than a catalogue.
 */

/** A refusal from the cloud: the HTTP status, the server's `{ message }`, and its reasons when it gives some. */
export class CloudHttpError extends ModalError<'cloudRefused'> {
  override readonly name = 'CloudHttpError'
  constructor(
    readonly status: number,
    message: string,
    readonly retryAfterSeconds?: number,
    /** The descriptions of the body's `reasons` (the name service's refusals), first reason first. */
    readonly reasons: readonly string[] = [],
  ) {
    super('cloudRefused', message)
  }
}

/** The cloud could not be reached at all (network down, DNS, CORS refusal). */
export class CloudUnreachableError extends ModalError<'cloudUnreachable'> {
  override readonly name = 'CloudUnreachableError'
  constructor(message: string, options?: { cause?: unknown }) {
    super('cloudUnreachable', message, options)
  }
}

/** The cloud answered something that does not have the documented shape. */
export class CloudResponseError extends ModalError<'cloudAnswerInvalid'> {
  override readonly name = 'CloudResponseError'
  constructor(message: string, options?: { cause?: unknown }) {
    super('cloudAnswerInvalid', message, options)
  }
}
