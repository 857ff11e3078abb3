import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../cloud.js'
import { type CloudServices, loadConfig, openServices } from '../services.js'
import { createLogger, REDACTED_QUERY } from './logger.js'

const SECRETS = {
  approval: '/v1/embedded/device/approve?token=approval-token-1234',
  oauth: '/v1/embedded/social/callback?code=oauth-code-1234&state=oauth-state-1234',
  relay: '/relay?auth=eyJhbGciOiJFZERTQSJ9.relay-jwt-1234&projectId=x',
}

/** One cloud's services; each test builds the real app over them with its own logger, writing to `lines`. */
let services: CloudServices
const apps: FastifyInstance[] = []
beforeAll(async () => {
  const config = loadConfig({ CLOUD_SEED: 'false', INDEXER: '0' }, { dataDir: 'memory://' })
  services = await openServices(config, createLogger('silent'))
})
afterAll(async () => {
  for (const app of apps) await app.close()
  await services?.close()
})

async function appLoggingTo(level: Parameters<typeof createLogger>[0], lines: string[]) {
  const app = await createApp(
    services,
    createLogger(level, { write: (line: string) => void lines.push(line) }),
    'a'.repeat(32),
  )
  apps.push(app)
  return app
}

describe('the request log', () => {
  it('at info writes each request with its path and never its query (tokens, OAuth code and state, relay JWTs)', async () => {
    const lines: string[] = []
    const app = await appLoggingTo('info', lines)
    for (const url of Object.values(SECRETS)) await app.inject({ url })
    const urls = lines.flatMap((line) => {
      const url = (JSON.parse(line) as { req?: { url?: string } }).req?.url
      return url ? [url] : []
    })
    expect(urls).toEqual(Object.values(SECRETS).map((url) => url.slice(0, url.indexOf('?')) + REDACTED_QUERY))
    for (const secret of ['approval-token-1234', 'oauth-code-1234', 'oauth-state-1234', 'relay-jwt-1234'])
      expect(lines.join('\n')).not.toContain(secret)
  })

  it('is quiet by default in development: no line for a request', async () => {
    const lines: string[] = []
    const level = loadConfig({}, { dataDir: 'memory://' }).logLevel
    expect(level).toBe('warn')
    const app = await appLoggingTo(level, lines)
    for (let i = 0; i < 20; i++) expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200)
    expect((await app.inject({ url: '/no-such-route' })).statusCode).toBe(404)
    expect(lines).toEqual([])
  })
})
