import { errorBodySchema } from '@allaccess/protocol'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { recentEvents } from '../analytics/index.js'
import type { Db } from '../db/index.js'
import { HttpError, NotFoundError } from '../http/errors.js'
import {
  ProjectExistsError,
  ProjectNotFoundError,
  type ProjectStore,
  projectIdSchema,
  projectSchema,
} from '../projects/index.js'
import { requireAdminToken } from './token.js'

type Options = { projects: ProjectStore; db: Db; adminToken: string }

export const ADMIN_PREFIX = '/admin/v1'

const idParams = z.object({ id: projectIdSchema })
/** The most events one read returns. */
const EVENTS_READ_MAX = 1000
const storedEventSchema = z.object({
  eventId: z.string(),
  url: z.string(),
  domain: z.string(),
  timestamp: z.number(),
  props: z.record(z.string(), z.unknown()),
  isError: z.boolean(),
  receivedAt: z.iso.datetime(),
})
const refusals = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema }

/** The store's typed errors as answers the CLI maps back. */
function asHttpError(error: unknown): unknown {
  if (error instanceof ProjectNotFoundError) return new NotFoundError(error.message)
  if (error instanceof ProjectExistsError) return new HttpError(409, error.message)
  return error
}

/**
 * Project administration for the CLI while the cloud runs (PGlite admits one process): every route needs
 * `Authorization: Bearer <admin token>`, the token the cloud printed at start.
 */
export const adminRoutes: FastifyPluginAsyncZod<Options> = async (app, { projects, db, adminToken }) => {
  requireAdminToken(app, adminToken)
  // Thrown on to the app's error handler, which writes every answer as `{ message }`.
  app.setErrorHandler((error) => {
    throw asHttpError(error)
  })
  const schema = (description: string) => ({
    tags: ['admin'],
    description: `${description} Needs \`Authorization: Bearer <admin token>\`.`,
  })

  app.get(
    '/projects',
    {
      schema: { ...schema('Every project, by id.'), response: { 200: z.array(projectSchema), ...refusals } },
    },
    () => projects.list(),
  )
  app.get(
    '/projects/:id',
    {
      schema: { ...schema('One project.'), params: idParams, response: { 200: projectSchema, ...refusals } },
    },
    (request) => projects.get(request.params.id),
  )
  app.post(
    '/projects',
    {
      schema: {
        ...schema('Adds a project; 409 when the id exists.'),
        body: projectSchema,
        response: { 201: projectSchema, ...refusals },
      },
    },
    async (request, reply) => {
      return reply.code(201).send(await projects.create(request.body))
    },
  )
  app.put(
    '/projects/:id',
    {
      schema: {
        ...schema('Replaces a project (all fields but the id).'),
        params: idParams,
        body: projectSchema.omit({ id: true }),
        response: { 200: projectSchema, ...refusals },
      },
    },
    (request) => projects.update(request.params.id, request.body),
  )
  app.get(
    '/projects/:id/events',
    {
      schema: {
        ...schema(
          `The project's stored analytics events, newest first (at most \`limit\`, ${EVENTS_READ_MAX}).`,
        ),
        params: idParams,
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(EVENTS_READ_MAX).default(100) }),
        response: { 200: z.array(storedEventSchema), ...refusals },
      },
    },
    async (request) => {
      // 404 for a project that doesn't exist, rather than an empty list that looks like "no events".
      await projects.get(request.params.id)
      const rows = await recentEvents(db, request.params.id, request.query.limit)
      return rows.map((row) => ({ ...row, receivedAt: row.receivedAt.toISOString() }))
    },
  )
  app.delete(
    '/projects/:id',
    {
      schema: { ...schema('Removes a project.'), params: idParams, response: { 204: z.null(), ...refusals } },
    },
    async (request, reply) => {
      await projects.remove(request.params.id)
      return reply.code(204).send(null)
    },
  )
}
