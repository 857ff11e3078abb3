import { z } from 'zod'

export const errorSchema = z.object({ message: z.string() }).describe('Error')

/** The 4xx answers every project-scoped route may give. */
export const refusals = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 429: errorSchema }
