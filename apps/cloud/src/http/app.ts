import rateLimit from '@fastify/rate-limit'
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify'
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { CoreConfig } from '../config/index.js'
import { type CorsPolicy, registerCors } from './cors.js'
import { clientErrorHandler, frameworkErrors, installErrorHandling } from './error-handler.js'
import { TooManyRequestsError } from './errors.js'
import { hostCheck } from './hosts.js'
import { installJsonBodies } from './json-body.js'
import { recordRoutes } from './route-table.js'
import { fastifyTrustProxy } from './trust-proxy.js'

export type AppOptions = {
  config: CoreConfig
  logger: FastifyBaseLogger
  cors: CorsPolicy
  /** Registers the service routes (each service is one plugin). */
  routes(app: FastifyInstance): Promise<void>
}

/** The HTTP shell every service shares: body parsing, validation, errors, CORS, rate limits, OpenAPI, health. */
export async function buildApp({ config, logger, cors, routes }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: logger,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // Answers are small and fast; a slow client must not hold a socket for long.
    requestTimeout: 30_000,
    routerOptions: { maxParamLength: 200 },
    clientErrorHandler,
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>()
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  installErrorHandling(app)
  installJsonBodies(app)
  recordRoutes(app)
  // First: a request to a name that is not the cloud's (DNS rebinding) gets no answer of any route.
  app.addHook('onRequest', hostCheck(config.publicUrl, config.allowedHosts, config.host))

  await registerCors(app, cors)
  await app.register(rateLimit, {
    max: config.rateLimit.max,
    timeWindow: config.rateLimit.windowMs,
    errorResponseBuilder: (_request, context) =>
      new TooManyRequestsError(Math.max(1, Math.ceil(context.ttl / 1000))),
  })
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'All-Access Pass cloud',
        description:
          'Self-hosted services of the wallet modal: directory, remote config, analytics, RPC gateway, relay, ' +
          'account data, and the embedded (e-mail) wallet.',
        version: '0.1.0',
      },
    },
    transform: jsonSchemaTransform,
  })
  await app.register(swaggerUi, { routePrefix: '/docs' })

  app.get(
    '/healthz',
    {
      config: { rateLimit: false },
      schema: { tags: ['health'], response: { 200: z.object({ status: z.literal('ok') }) } },
    },
    async () => ({ status: 'ok' as const }),
  )
  await routes(app)
  await app.ready()
  return app
}
