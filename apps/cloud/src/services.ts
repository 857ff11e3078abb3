import type { FastifyBaseLogger } from 'fastify'
import { pino } from 'pino'
import { accountService } from './account/definition.js'
import { adminService } from './admin/definition.js'
import { analyticsService } from './analytics/definition.js'
import { type ConfigOf, type ConfigOverrides, readConfig } from './config/index.js'
import type { RawEnv, UnionToIntersection } from './config/section.js'
import { convertService } from './convert/definition.js'
import { databaseService } from './db/definition.js'
import { directoryService } from './directory/definition.js'
import { embeddedKeyService, embeddedService } from './embedded/definition.js'
import { farcasterService } from './farcaster/definition.js'
import { faucetService } from './faucet/definition.js'
import { gatewayService } from './gateway/definition.js'
import { indexerService } from './indexer/definition.js'
import { mailService } from './mail/definition.js'
import { namesService } from './names/definition.js'
import { onrampService } from './onramp/definition.js'
import { projectsService } from './projects/definition.js'
import { relayService } from './relay/definition.js'
import type { OpensInOrder, ProvidesOf, RouteNeedsOf } from './service/define.js'
import { openInOrder } from './service/open.js'
import { siwxService } from './siwx/definition.js'
import { socialService } from './social/definition.js'
import { solanaService } from './solana/definition.js'
import { verifyService } from './verify/definition.js'

/**
 * Every service of the cloud, opened in this order (each after what it needs), closed in the reverse order. Their
 * routes are registered in it too, and their variables read (and their issues listed) in it.
 */
export const SERVICES = [
  // First: without a key the cloud refuses to start, before it creates anything.
  embeddedKeyService,
  databaseService,
  mailService,
  projectsService,
  directoryService,
  solanaService,
  gatewayService,
  convertService,
  accountService,
  relayService,
  verifyService,
  embeddedService,
  socialService,
  faucetService,
  onrampService,
  siwxService,
  namesService,
  farcasterService,
  analyticsService,
  adminService,
  // Last: its loops start when it opens.
  indexerService,
] as const

type Service = (typeof SERVICES)[number]
type Section = NonNullable<Service['env']>

/** The services' sections, each once (the embedded wallet's key and service share theirs). */
const SECTIONS = [...new Set(SERVICES.flatMap((service): Section[] => (service.env ? [service.env] : [])))]

export type CloudConfig = ConfigOf<Section>

/** The cloud's configuration from `env` (empty values count as unset); explicit overrides win. Throws ConfigError. */
export function loadConfig(env: RawEnv = process.env, overrides: ConfigOverrides = {}): CloudConfig {
  return readConfig(SECTIONS, env, overrides)
}

export type CloudServices = { config: CloudConfig } & UnionToIntersection<ProvidesOf<Service>> & {
    close(): Promise<void>
  }

// Fails to compile when a service is listed before one it needs, or its routes read what no service opens.
const opensInOrder: OpensInOrder<typeof SERVICES, { config: CloudConfig }> = true
const routesFindTheirServices: CloudServices extends UnionToIntersection<RouteNeedsOf<Service>>
  ? true
  : false = true
void opensInOrder
void routesFindTheirServices

/** Opens every service in the list's order; when one fails, closes those opened before it and rethrows. */
export async function openServices(
  config: CloudConfig,
  log: FastifyBaseLogger = pino({ level: 'silent' }),
): Promise<CloudServices> {
  return (await openInOrder(SERVICES, { config, log })) as CloudServices
}
