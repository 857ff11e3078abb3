import { request } from 'undici'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LOCAL_QUERY, startTestCloud, type TestCloud } from '../test-support/cloud.js'

let cloud: TestCloud

beforeAll(async () => {
  // A name the Host check admits: the URLs must still not come from it.
  cloud = await startTestCloud({ CLOUD_ALLOWED_HOSTS: 'alias.example' })
})
afterAll(() => cloud?.close())

/** undici lets a test forge `Host`, which fetch does not. */
async function withForgedHost(target: TestCloud, path: string, host = 'alias.example') {
  const answer = await request(target.url + path, {
    headers: { host, 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
  })
  return { status: answer.statusCode, body: await answer.body.text() }
}

// The relay's own URL (its tokens' audience) comes from the same PublicUrl: relay/auth.test.ts.
describe('absolute URLs', () => {
  it('come from the listening address, never from a forged Host', async () => {
    const path = `/getWallets?${LOCAL_QUERY}&entries=2`
    expect((await withForgedHost(cloud, path, 'evil.example')).status).toBe(421)
    const { body: wallets } = await withForgedHost(cloud, path)
    const { data } = JSON.parse(wallets) as { data: { image_url: string; image_id: string }[] }
    expect(data[0]?.image_url).toBe(`${cloud.url}/getWalletImage/${data[0]?.image_id}`)
    expect(wallets).not.toContain('evil.example')
  })
})
