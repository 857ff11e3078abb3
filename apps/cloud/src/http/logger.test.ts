import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../cloud.js'
import { type CloudConfig, loadConfig } from '../config/index.js'
import { type CloudServices, openServices } from '../services.js'
import { createLogger, REDACTED_QUERY } from './logger.js'

/** The real cloud app over a logger that writes to `lines`. */
async function loggedCloud(config: CloudConfig, lines: string[]) {
  const logger = createLogger(config.logLevel, { write: (line: string) => void lines.push(line) })
  const services = await openServices(config, logger)
  return { services, app: await createApp(services, logger, 'a'.repeat(32)) }
}

const SECRETS = {
  approval: '/v1/embedded/device/approve?token=approval-token-1234',
  oauth: '/v1/embedded/social/callback?code=oauth-code-1234&state=oauth-state-1234',
  relay: '/relay?auth=eyJhbGciOiJFZERTQSJ9.relay-jwt-1234&projectId=x',
}

const running: { app: FastifyInstance; services: CloudServices }[] = []
afterAll(async () => {
  for (const { app, services } of running) {
    await app.close()
    await services.close()
  }
})

describe('the request log', () => {
  const lines: string[] = []
  beforeAll(async () => {
    const config = loadConfig(
      { LOG_LEVEL: 'info', CLOUD_SEED: 'false', INDEXER: '0' },
      { dataDir: 'memory://' },
    )
    running.push(await loggedCloud(config, lines))
  })

  it('at info writes each request with its path and never its query (tokens, OAuth code and state, relay JWTs)', async () => {
    const [{ app }] = running as [(typeof running)[0]]
    for (const url of Object.values(SECRETS)) await app.inject({ url })
    const urls = lines.flatMap((line) => {
      const url = (JSON.parse(line) as { req?: { url?: string } }).req?.url
      return url ? [url] : []
    })
    expect(urls).toEqual(Object.values(SECRETS).map((url) => url.slice(0, url.indexOf('?')) + REDACTED_QUERY))
    for (const secret of ['approval-token-1234', 'oauth-code-1234', 'oauth-state-1234', 'relay-jwt-1234'])
      expect(lines.join('\n')).not.toContain(secret)
  })
})

describe('the development log', () => {
  it('is quiet by default: no line for a request, errors only', async () => {
    const lines: string[] = []
    const config = loadConfig({ CLOUD_SEED: 'false', INDEXER: '0' }, { dataDir: 'memory://' })
    expect(config.logLevel).toBe('warn')
    const cloud = await loggedCloud(config, lines)
    running.push(cloud)
    const before = lines.length
    for (let i = 0; i < 20; i++) expect((await cloud.app.inject({ url: '/healthz' })).statusCode).toBe(200)
    expect((await cloud.app.inject({ url: '/no-such-route' })).statusCode).toBe(404)
    expect(lines.slice(before)).toEqual([])
  })
})
