import { describe, expect, it, vi } from 'vitest'
import type { CloudApi } from '../../api/types'
import { ALERTS, type Alert } from '../../kernel/alerts'
import { createConfiguration } from './configuration'

/** Our own CloudApi interface, answering as the cloud would. */
function api(overrides: Partial<CloudApi>): CloudApi {
  return {
    getWallets: async () => ({ data: [], count: 0 }),
    getFeatures: async () => [{ id: 'multi_wallet', isEnabled: true, config: null }],
    getAllowedOrigins: async () => ['http://localhost:5173'],
    walletImageUrl: (id) => id,
    networkImageUrl: (id) => id,
    ...overrides,
  }
}
const refusal = (status: number, message: string) => Object.assign(new Error(message), { status })

async function load(options: Parameters<typeof createConfiguration>[0]) {
  const raised: Alert[] = []
  const reported: unknown[] = []
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
  const configuration = createConfiguration(
    options,
    (alert) => raised.push(alert),
    (error) => reported.push(error),
  )
  await configuration.load()
  warn.mockRestore()
  return { raised, reported, ...configuration.getState() }
}

describe('alerts raised from the remote configuration', () => {
  it('merges remote features when the cloud answers', async () => {
    const { raised, features } = await load({ api: api({}), projectId: 'p' })
    expect(raised).toEqual([])
    expect(features.multiWallet).toBe(true)
  })

  it("keeps the project's social provider order (social_login's config), none when it sets none", async () => {
    const ordered = api({
      getFeatures: async () => [{ id: 'social_login', isEnabled: true, config: ['github', 'farcaster'] }],
    })
    expect((await load({ api: ordered, projectId: 'p' })).socialOrder).toEqual(['github', 'farcaster'])
    expect((await load({ api: api({}), projectId: 'p' })).socialOrder).toBeUndefined()
  })

  it('Unverified Domain when the project accepts any origin and none names this site', async () => {
    const anyOrigin = api({ getAllowedOrigins: async () => ['*'] })
    const site = { url: 'https://mint.example' }
    expect((await load({ api: anyOrigin, projectId: 'p', metadata: site })).raised).toEqual([
      ALERTS.unverifiedDomain,
    ])
    const named = api({ getAllowedOrigins: async () => ['*', 'https://*.example'] })
    expect((await load({ api: named, projectId: 'p', metadata: site })).raised).toEqual([])
  })

  it('Project ID Not Configured when the modal has no project id', async () => {
    expect((await load({ api: api({}), projectId: ' ' })).raised).toEqual([ALERTS.projectIdNotConfigured])
  })

  it.each([
    [refusal(403, 'Unauthorized: origin not allowed'), ALERTS.originNotAllowed],
    [refusal(401, 'Unauthorized: invalid key'), ALERTS.invalidProjectId],
    [refusal(429, 'Please try again after 9 seconds'), ALERTS.rateLimited],
    [refusal(503, 'Service Unavailable'), ALERTS.serverError],
  ])('a refused origins request (%s) raises its alert and keeps local features', async (error, alert) => {
    const result = await load({
      api: api({ getAllowedOrigins: () => Promise.reject(error) }),
      projectId: 'p',
      features: { allWallets: false },
    })
    expect(result.raised).toEqual([alert])
    expect(result.reported).toEqual([])
    expect(result.features).toMatchObject({ allWallets: false, multiWallet: false })
  })

  it('an unreachable cloud raises nothing (docs/behaviour.md#configuration: any other failure gives an empty list), and is reported', async () => {
    const unreachable = new TypeError('fetch failed')
    const result = await load({
      api: api({ getFeatures: () => Promise.reject(unreachable) }),
      projectId: 'p',
    })
    expect(result.raised).toEqual([])
    expect(result.reported).toEqual([unreachable])
  })
})
