import { ADMIN_PREFIX, type AdminEndpoint, readAdminEndpoint } from '../admin/index.js'
import { ProjectExistsError, ProjectNotFoundError, projectSchema } from '../projects/index.js'
import type { CloudConfig } from '../services.js'
import type { ProjectAdmin } from './backend.js'
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

/** Projects administered through a running cloud's admin API. */
export function remoteProjects({ url, token }: AdminEndpoint): ProjectAdmin {
  const call = async (method: string, path: string, id: string | undefined, body?: unknown) => {
    const response = await fetch(`${url}${ADMIN_PREFIX}/projects${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(10_000),
    })
    if (response.ok) return response.status === 204 ? undefined : response.json()
    const { message } = (await response.json().catch(() => ({}))) as { message?: string }
    if (response.status === 404 && id) throw new ProjectNotFoundError(id)
    if (response.status === 409 && id) throw new ProjectExistsError(id)
    throw new UsageError(`the cloud at ${url} answered ${response.status}: ${message ?? response.statusText}`)
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
