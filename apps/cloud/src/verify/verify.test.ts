import { randomBytes } from 'node:crypto'
// Node-only entry points: the package's index also holds the in-page wallet, which needs the DOM's types.
import { refuseOutsideFetch } from '@allaccess/testkit/offline-fetch'
import { createSignClient, createWalletConnectWallet } from '@allaccess/testkit/walletconnect'
import { decodeJWT } from '@walletconnect/relay-auth'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LOCAL_PROJECT } from '../projects/index.js'
import { startTestCloud, type TestCloud } from '../test-support/cloud.js'
import { MAX_ATTESTATIONS_PER_CLIENT } from './service.js'

const PROJECT = {
  ...LOCAL_PROJECT,
  id: 'verify-test',
  allowedOrigins: ['https://shop.example', 'https://other.example'],
}
const SHOP = 'https://shop.example'

let cloud: TestCloud
let offline: ReturnType<typeof refuseOutsideFetch>
beforeAll(async () => {
  offline = refuseOutsideFetch()
  // Behind a proxy in this test, so it can register as several clients (X-Forwarded-For).
  cloud = await startTestCloud({ CLOUD_SEED: 'false', CLOUD_TRUST_PROXY: '1' })
  await cloud.services.projects.ensure(PROJECT)
}, 180_000)
afterAll(async () => {
  await cloud.close()
  offline.restore()
})

const hash = (n: number) => n.toString(16).padStart(64, '0')

/** What Chromium sends when a page of another site loads the attestation page in a frame. */
const FRAME_HEADERS = {
  'sec-fetch-dest': 'iframe',
  'sec-fetch-site': 'cross-site',
  'sec-fetch-mode': 'navigate',
}

/** What a browser's hidden frame would receive: the attestation the page posts to its parent. */
async function attestationFrame(query: {
  origin: string
  id: string
  projectId?: string
  client?: string
  headers?: Record<string, string>
  prefix?: string
}) {
  const params = new URLSearchParams({
    projectId: query.projectId ?? PROJECT.id,
    origin: query.origin,
    id: query.id,
  })
  const answer = await cloud.get(`${query.prefix ?? '/verify/v3'}/attestation?${params}`, {
    headers: {
      ...(query.headers ?? FRAME_HEADERS),
      ...(query.client ? { 'x-forwarded-for': query.client } : {}),
    },
  })
  const html = await answer.text()
  const posted = /parent\.postMessage\((".*"),"[^"]*"\)/.exec(html)?.[1]
  const attestation = posted ? (JSON.parse(JSON.parse(posted)) as { attestation: string }).attestation : ''
  return { answer, html, attestation }
}

describe('Verify endpoints', () => {
  it('serves the public key, and a frame that posts a signed attestation to the claimed origin only', async () => {
    const key = (await (await cloud.get('/verify/v3/public-key')).json()) as {
      publicKey: { kty: string; crv: string }
      expiresAt: number
    }
    expect(key.publicKey).toMatchObject({ kty: 'EC', crv: 'P-256' })
    expect(key.expiresAt).toBeGreaterThan(Date.now() / 1000)

    const { answer, html, attestation } = await attestationFrame({ origin: SHOP, id: hash(1) })
    expect(answer.headers.get('content-type')).toMatch(/^text\/html/)
    expect(answer.headers.get('content-security-policy')).toMatch(
      /^default-src 'none'; script-src 'sha256-[^']+'; frame-ancestors https:\/\/shop\.example$/,
    )
    expect(html).toContain(',"https://shop.example")')
    expect(decodeJWT(attestation).payload).toMatchObject({ id: hash(1), origin: SHOP, isVerified: true })

    const stranger = await attestationFrame({ origin: 'https://evil.example', id: hash(2) })
    expect(decodeJWT(stranger.attestation).payload).toMatchObject({
      origin: 'https://evil.example',
      isVerified: false,
    })
    const unknown = await attestationFrame({ origin: SHOP, id: hash(3), projectId: 'nope' })
    expect(decodeJWT(unknown.attestation).payload).toMatchObject({ isVerified: false })
    expect((await attestationFrame({ origin: 'https://shop.example/path', id: hash(4) })).answer.status).toBe(
      400,
    )
  })

  it('gives no attestation, and stores nothing, to a request a browser did not make as a frame of another page', async () => {
    const notFrames: Record<string, string>[] = [
      {},
      { 'sec-fetch-dest': 'document', 'sec-fetch-site': 'none' },
      { 'sec-fetch-dest': 'document', 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-dest': 'empty', 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-dest': 'iframe', 'sec-fetch-site': 'same-origin' },
      { 'sec-fetch-dest': 'iframe' },
    ]
    for (const [n, headers] of notFrames.entries()) {
      const { answer, html, attestation } = await attestationFrame({
        origin: SHOP,
        id: hash(50 + n),
        headers,
      })
      expect(answer.status, JSON.stringify(headers)).toBe(403)
      expect(attestation).toBe('')
      expect(JSON.parse(html)).toMatchObject({ code: 'forbidden' })
      expect((await cloud.get(`/verify/attestation/${hash(50 + n)}`)).status).toBe(404)
    }
    const sameSite = await attestationFrame({
      origin: SHOP,
      id: hash(60),
      headers: { 'sec-fetch-dest': 'iframe', 'sec-fetch-site': 'same-site' },
    })
    expect(decodeJWT(sameSite.attestation).payload).toMatchObject({ id: hash(60), isVerified: true })
  })

  it("serves Verify at WalletConnect's own paths too (/v3/public-key, /v3/attestation)", async () => {
    const key = await cloud.get('/v3/public-key')
    expect(key.status).toBe(200)
    expect(await key.json()).toEqual(await (await cloud.get('/verify/v3/public-key')).json())
    const { attestation } = await attestationFrame({ origin: SHOP, id: hash(70), prefix: '/v3' })
    expect(decodeJWT(attestation).payload).toMatchObject({ id: hash(70), origin: SHOP, isVerified: true })
  })

  it('answers v2 lookups by message hash for verified origins only', async () => {
    await attestationFrame({ origin: SHOP, id: hash(10) })
    await attestationFrame({ origin: 'https://evil.example', id: hash(11) })
    const found = await cloud.get(`/verify/attestation/${hash(10)}?v2Supported=true`)
    expect(await found.json()).toEqual({ origin: SHOP, isScam: false })
    expect((await cloud.get(`/verify/attestation/${hash(11)}`)).status).toBe(404)
    expect((await cloud.get(`/verify/attestation/${hash(12)}`)).status).toBe(404)
  })

  it(`keeps at most ${MAX_ATTESTATIONS_PER_CLIENT} attestations per client, the oldest dropped first`, async () => {
    for (let n = 0; n <= MAX_ATTESTATIONS_PER_CLIENT; n++)
      await attestationFrame({ origin: SHOP, id: hash(1000 + n), client: '10.0.0.1' })
    expect((await cloud.get(`/verify/attestation/${hash(1000)}`)).status).toBe(404)
    expect((await cloud.get(`/verify/attestation/${hash(1001)}`)).status).toBe(200)
  }, 120_000)
})

describe('a wallet on our relay learns where a proposal came from', () => {
  /** Pairs a dapp whose metadata claims SHOP, and whose page really is at `pageOrigin`, with a testkit wallet. */
  async function proposalSeenFrom(pageOrigin: string) {
    const relayUrl = `${cloud.url.replace(/^http/, 'ws')}/relay`
    const wallet = await createWalletConnectWallet({
      relayUrl,
      projectId: PROJECT.id,
      verifyUrl: `${cloud.url}/verify/v3`,
      privateKey: `0x${randomBytes(32).toString('hex')}`,
      chains: [{ id: 31337, name: 'Anvil' }],
    })
    const dapp = await createSignClient(relayUrl, 'dapp', { projectId: PROJECT.id, url: SHOP })
    // In a browser the client loads the attestation frame itself (Node has no frames): the same request.
    dapp.core.verify.register = async ({ id }) =>
      (await attestationFrame({ origin: pageOrigin, id })).attestation
    try {
      const { uri, approval } = await dapp.connect({
        optionalNamespaces: { eip155: { chains: ['eip155:31337'], methods: ['personal_sign'], events: [] } },
      })
      if (!uri) throw new Error('no pairing URI')
      await wallet.pair(uri)
      await approval()
      return wallet.proposalContexts[0]?.verified
    } finally {
      await dapp.core.relayer.transportClose().catch(() => {})
      await wallet.close()
    }
  }

  it('VALID for the origin the dapp claims, not when its page is elsewhere', async () => {
    expect(await proposalSeenFrom(SHOP)).toMatchObject({ origin: SHOP, validation: 'VALID' })
    // Another allowed origin pretending to be the shop: the attestation names the real one.
    expect(await proposalSeenFrom('https://other.example')).toMatchObject({
      origin: 'https://other.example',
      validation: 'INVALID',
    })
    // An origin outside the allowlist gets no vouching at all.
    expect(await proposalSeenFrom('https://evil.example')).toMatchObject({ validation: 'UNKNOWN' })
    // Nothing asked WalletConnect's Verify service (WalletKit's telemetry to its pulse host is refused harmlessly).
    expect(offline.refused.filter((host) => !host.startsWith('https://pulse.'))).toEqual([])
  }, 120_000)
})
