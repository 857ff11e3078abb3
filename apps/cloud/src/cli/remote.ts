import { ADMIN_PREFIX, type AdminEndpoint, readAdminEndpoint } from '../admin/index.js'
import { sponsorshipPolicySchema } from '../paymaster/index.js'
import type { SponsorshipRow } from '../paymaster/tables.js'
import { ProjectExistsError, ProjectNotFoundError, projectSchema } from '../projects/index.js'
import type { CloudConfig } from '../services.js'
import type { ProjectAdmin, SponsorshipAdmin } from './backend.js'
import { UsageError } from './errors.js'

/** How long the CLI waits for a cloud it found before opening the database itself. */
const PROBE_MS = 1500

/** The running cloud that holds this configuration's PGlite folder, if one answers. */
export async function findRunningCloud(config: CloudConfig): Promise<AdminEndpoint | undefined> {
  if (config.databaseUrl || config.dataDir.startsWith('memory://')) return undefined
  const endpoint = readAdminEndpoint(config.dataDir)
  if (!endpoint) return undefined
  try {
    const health = await fetch(`${endpoint.url}/healthz`, { signal: AbortSignal.timeout(PROBE_MS) })
    return health.ok ? endpoint : undefined
  } catch {
    return undefined
  }
}

/** One admin API call: the JSON answer (undefined for a 204), or the HTTP status and message of a refusal. */
async function adminCall(
  { url, token }: AdminEndpoint,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ ok: true; value: unknown } | { ok: false; status: number; message: string }> {
  const response = await fetch(`${url}${ADMIN_PREFIX}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(10_000),
  })
  if (response.ok) return { ok: true, value: response.status === 204 ? undefined : await response.json() }
  const { message } = (await response.json().catch(() => ({}))) as { message?: string }
  return { ok: false, status: response.status, message: message ?? response.statusText }
}

const refused = (endpoint: AdminEndpoint, status: number, message: string) =>
  new UsageError(`the cloud at ${endpoint.url} answered ${status}: ${message}`)

/** Projects administered through a running cloud's admin API. */
export function remoteProjects(endpoint: AdminEndpoint): ProjectAdmin {
  const call = async (method: string, path: string, id: string | undefined, body?: unknown) => {
    const answer = await adminCall(endpoint, method, `/projects${path}`, body)
    if (answer.ok) return answer.value
    if (answer.status === 404 && id) throw new ProjectNotFoundError(id)
    if (answer.status === 409 && id) throw new ProjectExistsError(id)
    throw refused(endpoint, answer.status, answer.message)
  }
  const project = async (pending: Promise<unknown>) => projectSchema.parse(await pending)
  return {
    list: async () => projectSchema.array().parse(await call('GET', '', undefined)),
    get: (id) => project(call('GET', `/${encodeURIComponent(id)}`, id)),
    create: (input) => project(call('POST', '', input.id, input)),
    update: async (id, patch) => {
      const { id: _, ...current } = await project(call('GET', `/${encodeURIComponent(id)}`, id))
      return project(call('PUT', `/${encodeURIComponent(id)}`, id, { ...current, ...patch }))
    },
    remove: async (id) => {
      await call('DELETE', `/${encodeURIComponent(id)}`, id)
    },
  }
}

/** Sponsorship policies and grants through a running cloud's admin API. */
export function remoteSponsorship(endpoint: AdminEndpoint): SponsorshipAdmin {
  const path = (id: string, what: string) => `/projects/${encodeURIComponent(id)}/${what}`
  const call = async (method: string, to: string, body?: unknown) => {
    const answer = await adminCall(endpoint, method, to, body)
    if (answer.ok) return answer.value
    throw refused(endpoint, answer.status, answer.message)
  }
  return {
    policy: async (id) => {
      const answer = await adminCall(endpoint, 'GET', path(id, 'sponsorship'))
      if (answer.ok) return sponsorshipPolicySchema.parse(answer.value)
      if (answer.status === 404) return undefined
      throw refused(endpoint, answer.status, answer.message)
    },
    setPolicy: async (id, policy) =>
      sponsorshipPolicySchema.parse(await call('PUT', path(id, 'sponsorship'), policy)),
    removePolicy: async (id) => {
      await call('DELETE', path(id, 'sponsorship'))
    },
    recent: async (id, limit) =>
      (
        (await call('GET', `${path(id, 'sponsorships')}?limit=${limit}`)) as Omit<
          SponsorshipRow,
          'projectId'
        >[]
      ).map((grant) => ({ ...grant, projectId: id })),
  }
}
