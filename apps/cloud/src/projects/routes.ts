import { allowedOriginsSchema, analyticsConfigSchema, projectConfigSchema } from '@allaccess/protocol'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { clientQuerySchema } from '../http/client.js'
import { refusals } from '../http/schemas.js'
import { requireProject } from './guard.js'
import type { ProjectStore } from './store.js'

/** The project-level answers of the directory service (spec §7). */
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
    async (request) => ({ allowedOrigins: (await requireProject(request, projects)).allowedOrigins }),
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
