import type { FastifyRequest } from 'fastify'
import { type DestinationStream, type LevelWithSilent, type Logger, pino } from 'pino'

/** What stands for a request's query string in the log. */
export const REDACTED_QUERY = '?[redacted]'

/**
 * A request as the log writes it: the path, never the query, which carries device-approval tokens, OAuth `code`
 * and `state`, relay JWTs and mailbox keys. Replaces Fastify's own `req` serializer (the same fields otherwise).
 */
export function requestForLog(request: FastifyRequest) {
  const query = request.url.indexOf('?')
  return {
    method: request.method,
    url: query < 0 ? request.url : request.url.slice(0, query) + REDACTED_QUERY,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  }
}

/** The cloud's logger: pino at `level`, requests written by `requestForLog`. */
export function createLogger(level: LevelWithSilent, destination?: DestinationStream): Logger {
  return pino({ level, serializers: { req: requestForLog } }, destination)
}
