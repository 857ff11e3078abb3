import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Db } from '../db/index.js'
import { clientQuerySchema, readClient } from '../http/client.js'
import { TooManyRequestsError } from '../http/errors.js'
import { refusals } from '../http/schemas.js'
import { type ProjectStore, requireProject } from '../projects/index.js'
import { AnalyticsQuota, type QuotaLimits } from './quota.js'
import { type RetentionOptions, startPruning } from './retention.js'
import {
  type AnalyticsEvent,
  batchSchema,
  eventSchema,
  type StoreResult,
  storeResultSchema,
} from './schema.js'
import { storeEvents } from './store.js'

type Options = { db: Db; projects: ProjectStore; limits: QuotaLimits & RetentionOptions }

/**
 * `POST /e` (one event) and `POST /batch` (many), stored once per event id (apps/cloud/README.md#routes), within each
 * project's quota; events older than the retention period are pruned while the app runs.
 */
export const analyticsRoutes: FastifyPluginAsyncZod<Options> = async (app, { db, projects, limits }) => {
  const quota = new AnalyticsQuota(limits)
  const pruning = startPruning(db, limits, app.log, (deleted) => {
    if (deleted > 0) quota.forgetRows()
  })
  app.addHook('onClose', () => pruning.stop())
  /** Stores the batch unless the project turned analytics off; `retryAfter` matters when some were throttled. */
  async function accept(request: FastifyRequest, batch: AnalyticsEvent[]) {
    const project = await requireProject(request, projects)
    if (!project.analyticsEnabled) {
      return { received: batch.length, stored: 0, duplicates: 0, throttled: 0, retryAfter: 0 }
    }
    const { sdkType, sdkVersion } = readClient(request)
    return storeEvents(
      db,
      quota,
      { projectId: project.id, clientKey: `${project.id}|${request.ip}`, sdkType, sdkVersion },
      batch,
    )
  }

  const common = {
    tags: ['analytics'],
    querystring: clientQuerySchema,
    response: { 200: storeResultSchema, ...refusals },
  }

  app.post('/e', { schema: { ...common, body: eventSchema } }, async (request): Promise<StoreResult> => {
    const { retryAfter, ...result } = await accept(request, [request.body])
    if (result.throttled > 0) throw new TooManyRequestsError(retryAfter)
    return result
  })

  app.post('/batch', { schema: { ...common, body: batchSchema } }, async (request): Promise<StoreResult> => {
    const { retryAfter: _, ...result } = await accept(request, request.body)
    return result
  })
}
