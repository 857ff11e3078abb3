import { request } from 'undici'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LOCAL_QUERY, startTestCloud, type TestCloud } from '../test-support/cloud.js'

let cloud: TestCloud

beforeAll(async () => {
  cloud = await startTestCloud()
})
afterAll(() => cloud?.close())

/** undici lets a test forge `Host`, which fetch does not. */
async function withForgedHost(target: TestCloud, path: string): Promise<string> {
  const answer = await request(target.url + path, {
    headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
  })
  return answer.body.text()
}

// The relay's own URL (its tokens' audience) comes from the same PublicUrl: relay/auth.test.ts.
describe('absolute URLs', () => {
  it('come from the listening address, never from a forged Host', async () => {
    const wallets = await withForgedHost(cloud, `/getWallets?${LOCAL_QUERY}&entries=2`)
    const { data } = JSON.parse(wallets) as { data: { image_url: string; image_id: string }[] }
    expect(data[0]?.image_url).toBe(`${cloud.url}/getWalletImage/${data[0]?.image_id}`)
    expect(wallets).not.toContain('evil.example')
  })
})
