import type { FastifyRequest } from 'fastify'
import { z } from 'zod'

/** Each call names the project and the SDK, as query (`projectId`, `st`, `sv`) or headers. */
export const clientQuerySchema = z.object({
  projectId: z.string().max(200).optional().describe('Project id (or header x-project-id)'),
  st: z.string().max(200).optional().describe('SDK type (or header x-sdk-type)'),
  sv: z.string().max(200).optional().describe('SDK version (or header x-sdk-version)'),
})

export type ClientInfo = {
  projectId: string | undefined
  sdkType: string | undefined
  sdkVersion: string | undefined
}

const SDK_FIELD = /^[\x21-\x7e]{1,64}$/

function pick(query: unknown, key: string, header: string | string[] | undefined): string | undefined {
  const fromQuery = (query as Record<string, unknown> | undefined)?.[key]
  const value = typeof fromQuery === 'string' && fromQuery !== '' ? fromQuery : header
  return typeof value === 'string' && value !== '' ? value : undefined
}

/** Reads who is calling; malformed SDK fields are dropped rather than stored. */
export function readClient(request: FastifyRequest): ClientInfo {
  const { query, headers } = request
  const sdkType = pick(query, 'st', headers['x-sdk-type'])
  const sdkVersion = pick(query, 'sv', headers['x-sdk-version'])
  return {
    projectId: pick(query, 'projectId', headers['x-project-id']),
    sdkType: sdkType && SDK_FIELD.test(sdkType) ? sdkType : undefined,
    sdkVersion: sdkVersion && SDK_FIELD.test(sdkVersion) ? sdkVersion : undefined,
  }
}
