import type { FastifyInstance } from 'fastify'

export type RouteEntry = { method: string; url: string }

const tables = new WeakMap<FastifyInstance, RouteEntry[]>()

/**
 * Records every route registered on `app` from now on (plugins included), so that checks over "every route"
 * (the fuzz tests) cover new routes without being told. Call before registering routes.
 */
export function recordRoutes(app: FastifyInstance): void {
  const table: RouteEntry[] = []
  tables.set(app, table)
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) table.push({ method, url: route.url })
  })
}

/** The routes `app` registered since `recordRoutes`. */
export function routesOf(app: FastifyInstance): readonly RouteEntry[] {
  return tables.get(app) ?? []
}
