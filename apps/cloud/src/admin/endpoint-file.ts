import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { z } from 'zod'

/**
 * How the CLI finds the running cloud that holds the PGlite folder: its URL and admin token, in that folder,
 * readable by its owner only (as the database files beside it).
 */
const FILE = 'admin.json'

const endpointSchema = z.object({ url: z.url(), token: z.string().min(1) })
export type AdminEndpoint = z.infer<typeof endpointSchema>

/** Where the endpoint file of a cloud on this PGlite folder is. */
export const adminEndpointPath = (dataDir: string) => join(dataDir, FILE)

/** Writes the endpoint file; returns its removal. */
export function writeAdminEndpoint(dataDir: string, endpoint: AdminEndpoint): () => void {
  const path = adminEndpointPath(dataDir)
  writeFileSync(path, JSON.stringify(endpoint), { mode: 0o600 })
  return () => rmSync(path, { force: true })
}

/** The endpoint a cloud left in the folder, if any (it may be stale: the caller checks the cloud answers). */
export function readAdminEndpoint(dataDir: string): AdminEndpoint | undefined {
  try {
    return endpointSchema.parse(JSON.parse(readFileSync(adminEndpointPath(dataDir), 'utf8')))
  } catch {
    return undefined
  }
}
