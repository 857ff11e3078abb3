import { ERROR_CODES, type ErrorBody, type NameErrorBody } from '@allaccess/protocol'
import { HttpError } from '../http/errors.js'

/** The name service's refusals; each message is also the first reason's description (docs/behaviour.md#names). */
export const nameRefused = (message: string) => new HttpError(400, message, ERROR_CODES.badRequest)
export const nameConflict = (message: string) => new HttpError(409, message, ERROR_CODES.conflict)
export const nameForbidden = (message: string) => new HttpError(403, message, ERROR_CODES.forbidden)
export const nameLimited = (message: string) => new HttpError(429, message, ERROR_CODES.tooManyRequests)
export const nameNotFound = (message: string) => new HttpError(404, message, ERROR_CODES.notFound)

/**
 * Every name-service error body carries `reasons`: the modal shows the first one's description
 * (docs/behaviour.md#names).
 */
export const withReasons = (body: ErrorBody): NameErrorBody => ({
  ...body,
  reasons: [{ description: body.message }],
})
