import { NAMES_CCIP_POST_PATH } from '@allaccess/protocol'
import type { FastifyInstance } from 'fastify'
import { accountRoutes } from './account/index.js'
import {
  ADMIN_PREFIX,
  adminEndpointPath,
  adminRoutes,
  newAdminToken,
  writeAdminEndpoint,
} from './admin/index.js'
import { analyticsRoutes } from './analytics/index.js'
import { listeningUrl, loadConfig } from './config/index.js'
import { convertRoutes } from './convert/index.js'
import { directoryRoutes } from './directory/index.js'
import { embeddedRoutes } from './embedded/index.js'
import { FARCASTER_RELAY_PREFIX, farcasterEmbeddedRoutes, farcasterRoutes } from './farcaster/index.js'
import { faucetRoutes } from './faucet/index.js'
import { gatewayRoutes } from './gateway/index.js'
import { buildApp } from './http/app.js'
import { closeGracefully } from './http/close-gracefully.js'
import { createLogger } from './http/logger.js'
import { mailboxRoutes, mailboxUrlOf } from './mailbox/index.js'
import { namesRoutes } from './names/index.js'
import { onrampRoutes } from './onramp/index.js'
import { isAddressInUse, PortInUseError } from './port-in-use.js'
import { corsAllows, projectRoutes } from './projects/index.js'
import { relayRoutes } from './relay/index.js'
import { type CloudServices, openServices } from './services.js'
import { siwxRoutes } from './siwx/index.js'
import { socialRoutes } from './social/index.js'
import { verifyRoutes } from './verify/index.js'

export type CloudOptions = {
  port?: number
  host?: string
  databaseUrl?: string
  dataDir?: string
  /** Environment to read the configuration from; `process.env` by default. */
  env?: Record<string, string | undefined>
}

export type RunningCloud = {
  url: string
  close(): Promise<void>
  app: FastifyInstance
  services: CloudServices
  /** Guards the admin API (`/admin/v1`): never printed nor logged. */
  adminToken: string
  /** The development mailbox's inbox page with its key (derived from the admin token), when the mailbox runs. */
  mailboxUrl: string | undefined
  /** Where the admin token can be read, as a phrase: `CLOUD_ADMIN_TOKEN`, the data folder's `admin.json`, or nowhere. */
  adminTokenSource: string
}

/** Builds the HTTP app over opened services, every service registered as its own plugin. */
export function createApp(
  services: CloudServices,
  logger: FastifyInstance['log'],
  adminToken: string,
): Promise<FastifyInstance> {
  const {
    config,
    projects,
    directory,
    database,
    upstreams,
    account,
    relay,
    verify,
    embedded,
    social,
    faucet,
    convert,
    names,
    namesGateway,
    onramp,
    siwx,
    farcaster,
    farcasterSignIn,
    mailbox,
  } = services
  return buildApp({
    config,
    logger,
    // The names gateway is public (any ENS-aware app, from any origin, calls it through the resolver), and so is
    // the Farcaster relay (its clients send no project).
    cors: async (request) =>
      request.url.startsWith(NAMES_CCIP_POST_PATH) ||
      request.url.startsWith(FARCASTER_RELAY_PREFIX) ||
      corsAllows(request, projects),
    routes: async (app) => {
      await app.register(projectRoutes, { projects })
      await app.register(directoryRoutes, {
        projects,
        directory,
        publicUrl: config.publicUrl,
        tokenIcon: (id) => account.tokenIcon(id),
      })
      await app.register(analyticsRoutes, { db: database.db, projects, limits: config.analytics })
      await app.register(gatewayRoutes, { projects, upstreams, logs: config.rpc.logs })
      await app.register(relayRoutes, { relay, projects, publicUrl: config.publicUrl })
      await app.register(convertRoutes, { projects, convert })
      await app.register(accountRoutes, {
        projects,
        account,
        identityOf: (address) => names.identityOf(address),
      })
      await app.register(adminRoutes, { prefix: ADMIN_PREFIX, projects, db: database.db, adminToken })
      await app.register(verifyRoutes, { verify })
      await app.register(embeddedRoutes, { projects, embedded })
      await app.register(socialRoutes, { projects, social, embedded })
      await app.register(faucetRoutes, { projects, faucet })
      await app.register(namesRoutes, { projects, names, gateway: namesGateway })
      await app.register(siwxRoutes, { projects, siwx })
      await app.register(farcasterRoutes, { farcaster })
      await app.register(farcasterEmbeddedRoutes, { projects, signIn: farcasterSignIn, embedded })
      await app.register(onrampRoutes, { projects, onramp })
      if (mailbox) await app.register(mailboxRoutes, { mailbox, adminToken })
    },
  })
}

/**
 * Starts the cloud: configuration from `env` (options win), database migrated and seeded, HTTP listening.
 * Throws ConfigError on a bad configuration, DatabaseBusyError when another process holds the PGlite folder and
 * PortInUseError when another process holds the port.
 */
export async function startCloud(options: CloudOptions = {}): Promise<RunningCloud> {
  const { env = process.env, ...overrides } = options
  const config = loadConfig(env, overrides)
  const logger = createLogger(config.logLevel)
  const services = await openServices(config, logger)
  const adminToken = config.adminToken ?? newAdminToken()
  let app: FastifyInstance | undefined
  let closeApp = async () => {}
  try {
    app = await createApp(services, logger, adminToken)
    closeApp = closeGracefully(app)
    await app.listen({ port: config.port, host: config.host })
  } catch (error) {
    await closeApp()
    await services.close()
    throw isAddressInUse(error) ? new PortInUseError(config.port, 'CLOUD_PORT') : error
  }
  const address = app.server.address()
  const port = typeof address === 'object' && address ? address.port : config.port
  const url = listeningUrl(config.host, port)
  config.publicUrl.listeningOn(url)
  // The CLI finds a cloud that holds the PGlite folder here (with a server database it opens the database itself).
  const writesEndpoint = !config.databaseUrl && !config.dataDir.startsWith('memory://')
  const removeEndpoint = writesEndpoint
    ? writeAdminEndpoint(config.dataDir, { url, token: adminToken })
    : () => {}
  const running = app
  return {
    url,
    app: running,
    services,
    adminToken,
    mailboxUrl: services.mailbox ? mailboxUrlOf(config.publicUrl.http(''), adminToken) : undefined,
    adminTokenSource: config.adminToken
      ? 'from CLOUD_ADMIN_TOKEN'
      : writesEndpoint
        ? `in ${adminEndpointPath(config.dataDir)}, where the CLI reads it`
        : 'not stored: made for this run (set CLOUD_ADMIN_TOKEN to reach the admin API)',
    close: async () => {
      removeEndpoint()
      await closeApp()
      await services.close()
    },
  }
}
