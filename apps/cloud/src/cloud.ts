import type { FastifyInstance } from 'fastify'
import { adminEndpointPath, newAdminToken, writeAdminEndpoint } from './admin/index.js'
import { listeningUrl } from './config/index.js'
import { buildApp } from './http/app.js'
import { closeGracefully } from './http/close-gracefully.js'
import { createLogger } from './http/logger.js'
import { mailboxUrlOf } from './mailbox/index.js'
import { isAddressInUse, PortInUseError } from './port-in-use.js'
import { corsAllows } from './projects/index.js'
import type { AnyService } from './service/define.js'
import { type CloudServices, loadConfig, openServices, SERVICES } from './services.js'

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

/** Paths any origin may call, whatever the project (each service names its own). */
const PUBLIC_PREFIXES = SERVICES.flatMap((service) => service.publicPrefixes ?? [])

/** Builds the HTTP app over opened services, each service's routes registered as its own plugins, in the list's order. */
export function createApp(
  services: CloudServices,
  logger: FastifyInstance['log'],
  adminToken: string,
): Promise<FastifyInstance> {
  const { config, projects } = services
  return buildApp({
    config,
    logger,
    cors: async (request) =>
      PUBLIC_PREFIXES.some((prefix) => request.url.startsWith(prefix)) || corsAllows(request, projects),
    routes: async (app) => {
      for (const service of SERVICES as readonly AnyService[])
        await service.routes?.(app, services, { config, adminToken })
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
