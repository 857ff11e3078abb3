import type { FastifyInstance } from 'fastify'
import { pino } from 'pino'
import { analyticsRoutes } from './analytics/index.js'
import { loadConfig } from './config/index.js'
import { directoryRoutes } from './directory/index.js'
import { gatewayRoutes } from './gateway/index.js'
import { buildApp } from './http/app.js'
import { closeGracefully } from './http/close-gracefully.js'
import { corsAllows, projectRoutes } from './projects/index.js'
import { relayRoutes } from './relay/index.js'
import { type CloudServices, openServices } from './services.js'
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
}

/** Builds the HTTP app over opened services, every service registered as its own plugin. */
export function createApp(services: CloudServices, logger: FastifyInstance['log']): Promise<FastifyInstance> {
  const { config, projects, directory, database, upstreams, relay, verify } = services
  return buildApp({
    config,
    logger,
    cors: (request) => corsAllows(request, projects),
    routes: async (app) => {
      await app.register(projectRoutes, { projects })
      await app.register(directoryRoutes, { projects, directory, publicUrl: config.publicUrl })
      await app.register(analyticsRoutes, { db: database.db, projects })
      await app.register(gatewayRoutes, { projects, upstreams, allowAllMethods: config.rpc.allowAllMethods })
      await app.register(relayRoutes, { relay, projects, publicUrl: config.publicUrl })
      await app.register(verifyRoutes, { verify })
    },
  })
}

/**
 * Starts the cloud: configuration from `env` (options win), database migrated and seeded, HTTP listening.
 * Throws ConfigError on a bad configuration and DatabaseBusyError when another process holds the PGlite folder.
 */
export async function startCloud(options: CloudOptions = {}): Promise<RunningCloud> {
  const { env = process.env, ...overrides } = options
  const config = loadConfig(env, overrides)
  const logger = pino({ level: config.logLevel })
  const services = await openServices(config, logger)
  let app: FastifyInstance | undefined
  let closeApp = async () => {}
  try {
    app = await createApp(services, logger)
    closeApp = closeGracefully(app)
    await app.listen({ port: config.port, host: config.host })
  } catch (error) {
    await closeApp()
    await services.close()
    throw error
  }
  const address = app.server.address()
  const port = typeof address === 'object' && address ? address.port : config.port
  const host = config.host.includes(':') ? `[${config.host}]` : config.host
  const running = app
  return {
    url: `http://${host}:${port}`,
    app: running,
    services,
    close: async () => {
      await closeApp()
      await services.close()
    },
  }
}
