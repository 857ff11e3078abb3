import { allowedOriginsSchema, analyticsConfigSchema, projectConfigSchema } from '@allaccess/protocol'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { clientQuerySchema } from '../http/client.js'
import { exposeRefusal } from '../http/cors.js'
import { refusals } from '../http/schemas.js'
import { requireKnownProject, requireProject } from './guard.js'
import type { ProjectStore } from './store.js'

const projectLimitsSchema = z.object({
  planLimits: z.object({
    tier: z.literal('none'),
    isAboveMauLimit: z.boolean(),
    isAboveRpcLimit: z.boolean(),
  }),
})

/** `tier: 'none'` is the AppKit client's own value for "no plan"; it limits e-mail login on 'starter' only. */
const SELF_HOSTED_LIMITS: z.infer<typeof projectLimitsSchema> = {
  planLimits: { tier: 'none', isAboveMauLimit: false, isAboveRpcLimit: false },
}

/** The project-level answers of the directory service (apps/cloud/README.md#routes). */
export const projectRoutes: FastifyPluginAsyncZod<{ projects: ProjectStore }> = async (app, { projects }) => {
  app.get(
    '/projects/v1/origins',
    {
      schema: {
        tags: ['projects'],
        querystring: clientQuerySchema,
        response: { 200: allowedOriginsSchema, ...refusals },
      },
    },
    // The client reads the list and decides itself (its own "Origin Not Allowed" alert), so any origin
    // gets it and may read it; the services that act refuse an origin outside it. 401, 429 and 5xx stay.
    async (request, reply) => {
      const { allowedOrigins } = await requireKnownProject(request, projects)
      exposeRefusal(request, reply)
      return { allowedOrigins }
    },
  )

  app.get(
    '/appkit/v1/project-limits',
    {
      schema: {
        tags: ['projects'],
        description:
          'The plan the AppKit client reads before enabling e-mail login: a self-hosted cloud has no plan and no limit.',
        querystring: clientQuerySchema,
        response: { 200: projectLimitsSchema, ...refusals },
      },
    },
    async (request) => {
      await requireProject(request, projects)
      return SELF_HOSTED_LIMITS
    },
  )

  app.get(
    '/appkit/v1/config',
    {
      schema: {
        tags: ['projects'],
        querystring: clientQuerySchema,
        response: { 200: projectConfigSchema, ...refusals },
      },
    },
    async (request) => ({ features: (await requireProject(request, projects)).features }),
  )

  app.get(
    '/getAnalyticsConfig',
    {
      schema: {
        tags: ['analytics'],
        querystring: clientQuerySchema,
        response: { 200: analyticsConfigSchema, ...refusals },
      },
    },
    async (request) => ({ isAnalyticsEnabled: (await requireProject(request, projects)).analyticsEnabled }),
  )
}
