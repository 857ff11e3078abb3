import { errorBodySchema } from '@allaccess/protocol'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { requireAdminToken } from '../admin/token.js'
import { NotFoundError } from '../http/errors.js'
import { ProjectNotFoundError, type ProjectStore, projectIdSchema } from '../projects/index.js'
import { GRANT_STATES, sponsorshipPolicySchema } from './policy.js'
import type { PaymasterService } from './service.js'
import type { SponsorshipStore } from './store.js'

type Options = {
  projects: ProjectStore
  sponsorship: SponsorshipStore
  paymaster: PaymasterService
  adminToken: string
}

const idParams = z.object({ id: projectIdSchema })
const refusals = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema }
/** The most grants one read returns. */
export const SPONSORSHIPS_READ_MAX = 1000
const grantSchema = z.object({
  userOpHash: z.string(),
  chainId: z.number(),
  sender: z.string(),
  day: z.string(),
  maxCostWei: z.string(),
  calls: z.array(z.object({ to: z.string(), selector: z.string(), valueWei: z.string() })),
  validUntil: z.number(),
  nonce: z.string().nullable(),
  grantBlock: z.number().nullable(),
  state: z.enum(GRANT_STATES),
  actualCostWei: z.string().nullable(),
  createdAt: z.number(),
})

/** A project's sponsorship policy and its grants, behind the admin token (under `/admin/v1`, as the projects). */
export const sponsorshipAdminRoutes: FastifyPluginAsyncZod<Options> = async (
  app,
  { projects, sponsorship, paymaster, adminToken },
) => {
  requireAdminToken(app, adminToken)
  const schema = (description: string) => ({
    tags: ['admin'],
    description: `${description} Needs \`Authorization: Bearer <admin token>\`.`,
  })
  /** 404 for a project that does not exist. */
  const project = async (id: string) => {
    try {
      return await projects.get(id)
    } catch (error) {
      throw error instanceof ProjectNotFoundError ? new NotFoundError(error.message) : error
    }
  }

  app.get(
    '/projects/:id/sponsorship',
    {
      schema: {
        ...schema("The project's sponsorship policy; 404 when it has none (it sponsors nothing)."),
        params: idParams,
        response: { 200: sponsorshipPolicySchema, ...refusals },
      },
    },
    async (request) => {
      await project(request.params.id)
      const policy = await sponsorship.policy(request.params.id)
      if (!policy) throw new NotFoundError(`Project "${request.params.id}" has no sponsorship policy`)
      return policy
    },
  )
  app.put(
    '/projects/:id/sponsorship',
    {
      schema: {
        ...schema('Sets the sponsorship policy (all of it).'),
        params: idParams,
        body: sponsorshipPolicySchema,
        response: { 200: sponsorshipPolicySchema, ...refusals },
      },
    },
    async (request) => {
      await project(request.params.id)
      return sponsorship.setPolicy(request.params.id, request.body)
    },
  )
  app.delete(
    '/projects/:id/sponsorship',
    {
      schema: {
        ...schema('Removes the policy: the project sponsors nothing (its grants stay recorded).'),
        params: idParams,
        response: { 204: z.null(), ...refusals },
      },
    },
    async (request, reply) => {
      await project(request.params.id)
      await sponsorship.removePolicy(request.params.id)
      return reply.code(204).send(null)
    },
  )
  app.get(
    '/projects/:id/sponsorships',
    {
      schema: {
        ...schema(
          `The project's grants, newest first (at most \`limit\`, ${SPONSORSHIPS_READ_MAX}), those whose window ` +
            'has passed settled first (paid, at `actualCostWei`, or released).',
        ),
        params: idParams,
        querystring: z.object({
          limit: z.coerce.number().int().min(1).max(SPONSORSHIPS_READ_MAX).default(100),
        }),
        response: { 200: z.array(grantSchema), ...refusals },
      },
    },
    async (request) => {
      await project(request.params.id)
      await paymaster.reconcile(request.params.id)
      const rows = await sponsorship.recent(request.params.id, request.query.limit)
      return rows.map(({ projectId: _, ...row }) => row)
    },
  )
}
