import type { FastifyError, FastifyInstance } from 'fastify'
import { exposeRefusal } from './cors.js'
import { HttpError, TooManyRequestsError } from './errors.js'

const REFUSALS = new Set([401, 403, 429])

function statusOf(error: FastifyError | HttpError): number {
  if (error instanceof HttpError) return error.statusCode
  const { statusCode } = error
  return typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500 ? statusCode : 500
}

/** Every error leaves as JSON `{ message }`; only a bug in our code may become a 500, and it is logged. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler<FastifyError | HttpError>((error, request, reply) => {
    const status = statusOf(error)
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed')
      return reply.code(500).send({ message: 'Internal server error' })
    }
    if (REFUSALS.has(status)) exposeRefusal(request, reply)
    if (error instanceof TooManyRequestsError) reply.header('retry-after', String(error.retryAfterSeconds))
    return reply.code(status).send({ message: error.message })
  })
  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ message: 'Not found' }))
}
