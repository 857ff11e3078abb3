import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type RunningCloud, startCloud } from '@allaccess/cloud'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCloudClient } from './createCloudClient'
import { CloudHttpError, CloudUnreachableError } from './errors'

let cloud: RunningCloud
let dataDir: string

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'modal-api-'))
  cloud = await startCloud({ port: 0, dataDir, env: { LOG_LEVEL: 'silent', CLOUD_WALLET_FIXTURE: '1000' } })
}, 60_000)

afterAll(async () => {
  await cloud?.close()
  await rm(dataDir, { recursive: true, force: true })
})

const client = () => createCloudClient({ baseUrl: cloud.url, projectId: 'allaccess-local' })

describe('createCloudClient against the real cloud (§7 wallet-directory service)', () => {
  it('pages the directory: 40 entries by default, with the total count', async () => {
    const page = await client().getWallets({ page: 1, entries: 40 })
    expect(page.data).toHaveLength(40)
    expect(page.count).toBeGreaterThan(1000)
    expect(page.data[0]).toMatchObject({ id: expect.any(String), name: expect.any(String) })
  })

  it('searches case-insensitively, prefix matches first', async () => {
    const { data } = await client().getWallets({ search: 'METAMASK' })
    expect(data[0]?.name).toBe('MetaMask')
  })

  it('reads remote features, allowed origins and the analytics switch', async () => {
    const features = await client().getFeatures()
    expect(features.map((feature) => feature.id)).toContain('multi_wallet')
    expect(await client().getAllowedOrigins()).toContain('http://localhost:5173')
    expect(await client().getAnalyticsConfig()).toEqual({ isAnalyticsEnabled: true })
  })

  it("an unknown project id is refused with the server's text", async () => {
    const refused = createCloudClient({ baseUrl: cloud.url, projectId: 'nope' }).getAllowedOrigins()
    await expect(refused).rejects.toBeInstanceOf(CloudHttpError)
    await expect(refused).rejects.toMatchObject({ status: 401, message: 'Unauthorized: invalid key' })
  })

  it('an origin outside the allow list is refused with 403', async () => {
    const fromElsewhere = createCloudClient({
      baseUrl: cloud.url,
      projectId: 'allaccess-local',
      fetch: (input, init) => fetch(input, { ...init, headers: { origin: 'https://evil.example' } }),
    })
    await expect(fromElsewhere.getFeatures()).rejects.toMatchObject({
      status: 403,
      message: 'Unauthorized: origin not allowed',
    })
  })

  it('a cloud that is down is reported as unreachable, not as a crash', async () => {
    const down = createCloudClient({ baseUrl: 'http://127.0.0.1:9', projectId: 'allaccess-local' })
    await expect(down.getFeatures()).rejects.toBeInstanceOf(CloudUnreachableError)
  })

  it('builds image URLs on the cloud, with the project id', () => {
    expect(client().walletImageUrl('metamask')).toBe(
      `${cloud.url}/getWalletImage/metamask?projectId=allaccess-local&st=allaccess&sv=0.1.0`,
    )
  })
})
