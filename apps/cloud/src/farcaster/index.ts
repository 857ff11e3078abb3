export { farcasterEmbeddedRoutes } from './embedded-routes.js'
export { FarcasterError } from './errors.js'
export * from './limits.js'
export { IdRegistry, type IdRegistryLocation } from './registry.js'
export { farcasterRoutes } from './routes.js'
export {
  type Approval,
  type ChannelRequest,
  type FarcasterIdentity,
  type FarcasterOptions,
  FarcasterService,
} from './service.js'
export { FarcasterSignIn } from './sign-in.js'
