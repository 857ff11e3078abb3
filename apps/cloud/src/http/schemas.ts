import { errorBodySchema } from '@allaccess/protocol'

/** The 4xx answers every project-scoped route may give, each `{ code, message }`. */
export const refusals = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  429: errorBodySchema,
}
