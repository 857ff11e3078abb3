export { ProjectExistsError, ProjectNotFoundError } from './errors.js'
export { corsAllows, requireKnownProject, requireProject } from './guard.js'
export { isLoopbackOrigin, isOriginAllowed, originMatches } from './origins.js'
export { projectRoutes } from './routes.js'
export {
  DEFAULT_FEATURES,
  FEATURE_IDS,
  type Feature,
  type FeatureId,
  featureSchema,
  LOCAL_PROJECT,
  type Project,
  projectIdSchema,
  projectSchema,
} from './schema.js'
export { type ProjectPatch, ProjectStore } from './store.js'
