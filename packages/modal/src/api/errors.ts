/** A refusal from the cloud: the HTTP status, the server's `{ message }`, and its reasons when it gives some. */
export class CloudHttpError extends Error {
  override readonly name = 'CloudHttpError'
  constructor(
    readonly status: number,
    message: string,
    readonly retryAfterSeconds?: number,
    /** The descriptions of the body's `reasons` (the name service's refusals), first reason first. */
    readonly reasons: readonly string[] = [],
  ) {
    super(message)
  }
}

/** The cloud could not be reached at all (network down, DNS, CORS refusal). */
export class CloudUnreachableError extends Error {
  override readonly name = 'CloudUnreachableError'
}

/** The cloud answered something that does not have the documented shape. */
export class CloudResponseError extends Error {
  override readonly name = 'CloudResponseError'
}
