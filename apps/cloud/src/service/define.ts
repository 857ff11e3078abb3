import type { PgTable } from 'drizzle-orm/pg-core'
import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import type { CoreConfig } from '../config/config.js'
import type { AnySection } from '../config/section.js'

/** What every service is opened with besides the services it needs: its configuration and the log. */
export type OpenContext<Part extends object> = { config: CoreConfig & Part; log: FastifyBaseLogger }
/** What every service's routes are registered with besides the services they read. */
export type RouteContext<Part extends object> = { config: CoreConfig & Part; adminToken: string }

/**
 * One service of the cloud: its share of the environment (`env`), the database tables it owns (`tables`, defined in
 * its folder's tables.ts, which drizzle-kit reads), what it opens from the services opened before it (`open`, in
 * the list's order), the routes it serves over any opened service, and how it closes (in reverse order).
 */
export type ServiceDefinition<
  Part extends object = object,
  Needs extends object = object,
  Provides extends object = object,
  RouteNeeds extends object = object,
> = {
  name: string
  env?: AnySection<Part>
  /** The tables it owns, by name: every table of the migrations is one service's (services.test.ts). */
  tables?: Readonly<Record<string, PgTable>>
  /** Paths any origin may call (CORS), like a public gateway; every other path is for the project's origins. */
  publicPrefixes?: readonly string[]
  open?(needs: Needs, context: OpenContext<Part>): Provides | Promise<Provides>
  routes?(app: FastifyInstance, services: RouteNeeds, context: RouteContext<Part>): Promise<void>
  close?(opened: Provides): void | Promise<void>
}

export function defineService<
  Part extends object = object,
  Needs extends object = object,
  Provides extends object = object,
  RouteNeeds extends object = object,
>(
  definition: ServiceDefinition<Part, Needs, Provides, RouteNeeds>,
): ServiceDefinition<Part, Needs, Provides, RouteNeeds> {
  return definition
}

// biome-ignore lint/suspicious/noExplicitAny: any service, whatever it needs and opens
export type AnyService = ServiceDefinition<any, any, any, any>
export type NeedsOf<S> = S extends ServiceDefinition<infer _P, infer N, infer _O, infer _R> ? N : never
export type ProvidesOf<S> = S extends ServiceDefinition<infer _P, infer _N, infer O, infer _R> ? O : never
export type RouteNeedsOf<S> = S extends ServiceDefinition<infer _P, infer _N, infer _O, infer R> ? R : never
export type UnionToIntersection<U> = (U extends unknown ? (part: U) => void : never) extends (
  part: infer I,
) => void
  ? I
  : never

/** `true` when every service in `List` opens after what it needs; else the first one that does not. */
export type OpensInOrder<List extends readonly unknown[], Opened> = List extends readonly [
  infer Service,
  ...infer Rest,
]
  ? Opened extends NeedsOf<Service>
    ? OpensInOrder<Rest, Opened & ProvidesOf<Service>>
    : { opensBeforeWhatItNeeds: Service }
  : true
