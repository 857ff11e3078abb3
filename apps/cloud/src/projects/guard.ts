import { type FeatureId, isOriginAllowed } from '@allaccess/protocol'
import type { FastifyRequest } from 'fastify'
import { readClient } from '../http/client.js'
import { FeatureOffError, InvalidKeyError, OriginNotAllowedError } from '../http/errors.js'
import type { Project } from './schema.js'
import { PROJECT_ID } from './schema.js'
import type { ProjectStore } from './store.js'

/** The project a request names, whatever the browser origin; 401 when there is none. */
export async function requireKnownProject(request: FastifyRequest, projects: ProjectStore): Promise<Project> {
  const { projectId } = readClient(request)
  if (!projectId || !PROJECT_ID.test(projectId)) throw new InvalidKeyError()
  const project = await projects.find(projectId)
  if (!project) throw new InvalidKeyError()
  return project
}

/**
 * The project a request names, if it exists and admits the browser origin (when there is one) — and, for a route
 * of `feature`, has that feature switched on: the cloud serves what the project's switches offer, not only what the
 * modal shows.
 */
export async function requireProject(
  request: FastifyRequest,
  projects: ProjectStore,
  feature?: FeatureId,
): Promise<Project> {
  const project = await requireKnownProject(request, projects)
  const { origin } = request.headers
  if (origin !== undefined && !isOriginAllowed(project.allowedOrigins, origin))
    throw new OriginNotAllowedError()
  if (feature && !project.features.some(({ id, isEnabled }) => id === feature && isEnabled))
    throw new FeatureOffError()
  return project
}

/** Whether a browser origin may read this request's answers: the named project's allowlist, else any project's. */
export async function corsAllows(request: FastifyRequest, projects: ProjectStore): Promise<boolean> {
  const { origin } = request.headers
  if (origin === undefined) return false
  const { projectId } = readClient(request)
  const project = projectId && PROJECT_ID.test(projectId) ? await projects.find(projectId) : undefined
  return project ? isOriginAllowed(project.allowedOrigins, origin) : projects.anyAllows(origin)
}
