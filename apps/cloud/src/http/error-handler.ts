import { STATUS_CODES } from 'node:http'
import { ERROR_CODES, type ErrorBody, errorCodeOf } from '@allaccess/protocol'
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifyServerOptions,
} from 'fastify'
import { ZodError } from 'zod'
import { exposeRefusal } from './cors.js'
import { HttpError, NotFoundError, TooManyRequestsError } from './errors.js'

const REFUSALS = new Set([401, 403, 429])
const INTERNAL: ErrorBody = { code: ERROR_CODES.internal, message: 'Internal server error' }

/** Input a handler or hook parsed itself (zod) is the caller's mistake, like a failed route schema. */
const describeZod = (error: ZodError) =>
  error.issues.map((issue) => `${issue.path.join('.') || 'input'}: ${issue.message}`).join('; ')

/** Status and body of any error; only what is not the caller's fault becomes a 500. */
function answerOf(error: unknown): { status: number; body: ErrorBody } {
  if (error instanceof HttpError)
    return { status: error.statusCode, body: { code: error.code, message: error.message } }
  if (error instanceof ZodError)
    return { status: 400, body: { code: ERROR_CODES.badRequest, message: describeZod(error) } }
  const { statusCode, message } = error as Partial<FastifyError>
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500)
    return { status: statusCode, body: { code: errorCodeOf(statusCode), message: String(message) } }
  return { status: 500, body: INTERNAL }
}

/**
 * Answers `error` as JSON `{ code, message }`, plus what `extend` adds (a service's own fields); only a bug in our
 * code may become a 500, and it is logged.
 */
export function replyWithError(
  error: unknown,
  request: FastifyRequest,
  reply: FastifyReply,
  extend: (body: ErrorBody) => ErrorBody = (body) => body,
): FastifyReply {
  const { status, body } = answerOf(error)
  if (status >= 500) request.log.error({ err: error }, 'request failed')
  if (REFUSALS.has(status)) exposeRefusal(request, reply)
  if (error instanceof TooManyRequestsError) reply.header('retry-after', String(error.retryAfterSeconds))
  return reply.code(status).send(extend(body))
}

/** Every error leaves as JSON `{ code, message }` (replyWithError). */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => replyWithError(error, request, reply))
  app.setNotFoundHandler((_request, reply) => {
    const { status, body } = answerOf(new NotFoundError())
    return reply.code(status).send(body)
  })
}

/** Errors Fastify raises before routing (a URL that does not decode) answer like any other error. */
export const frameworkErrors: FastifyServerOptions['frameworkErrors'] = (error, _request, reply) => {
  const { status, body } = answerOf(error)
  ;(reply as FastifyReply).code(status).send(body)
}

/** Messages of the errors Node's HTTP parser reports before Fastify sees a request. */
const CLIENT_ERRORS: Record<string, { status: number; message: string }> = {
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, message: 'Client Timeout' },
  HPE_HEADER_OVERFLOW: { status: 431, message: 'Exceeded maximum allowed HTTP header size' },
}

/**
 * Answers a request Node could not parse (headers too large, a malformed request line, a time-out) with the
 * same `{ code, message }` body, then closes the connection, as Node does.
 */
export const clientErrorHandler: FastifyServerOptions['clientErrorHandler'] = (error, socket) => {
  if ((error as NodeJS.ErrnoException).code === 'ECONNRESET' || socket.destroyed) return
  const { status, message } = CLIENT_ERRORS[(error as NodeJS.ErrnoException).code ?? ''] ?? {
    status: 400,
    message: 'Client Error',
  }
  const body = JSON.stringify({ code: errorCodeOf(status), message } satisfies ErrorBody)
  if (socket.writable)
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
        `Connection: close\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json\r\n\r\n${body}`,
    )
  socket.destroy(error)
}
