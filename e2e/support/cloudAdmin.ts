import { randomBytes } from 'node:crypto'
import { E2E_CLOUD_URL, E2E_SITE_URL } from './ports'

/** Where the global setup puts the stack cloud's admin token (the test workers inherit it). */
export const CLOUD_ADMIN_TOKEN_VARIABLE = 'E2E_CLOUD_ADMIN_TOKEN'

/** A stored analytics event as the admin API lists it. */
export type StoredEvent = {
  eventId: string
  props: { type: string; event: string; properties?: unknown }
  isError: boolean
}

async function admin(path: string, init: RequestInit = {}): Promise<Response> {
  const response = await fetch(`${E2E_CLOUD_URL}/admin/v1${path}`, {
    ...init,
    headers: {
      authorization: `Bearer ${process.env[CLOUD_ADMIN_TOKEN_VARIABLE]}`,
      'content-type': 'application/json',
    },
  })
  if (!response.ok) throw new Error(`admin ${path}: ${response.status} ${await response.text()}`)
  return response
}

/** A new project of the stack's cloud that allows the site's origin, its analytics on or off; its id. */
export async function newProject(analyticsEnabled: boolean): Promise<string> {
  const id = `e2e-${randomBytes(6).toString('hex')}`
  await admin('/projects', {
    method: 'POST',
    body: JSON.stringify({ id, name: id, allowedOrigins: [E2E_SITE_URL], analyticsEnabled, features: [] }),
  })
  return id
}

/** The analytics events the cloud stored for `projectId`, oldest first. */
export async function storedEvents(projectId: string): Promise<StoredEvent[]> {
  return ((await (await admin(`/projects/${projectId}/events?limit=500`)).json()) as StoredEvent[]).reverse()
}
