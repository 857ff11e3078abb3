// Frame protocol v2 (docs/embedded-wallet.md#messages): the spec's §7 host → frame fields, end to end. A page's script
// sends what the modal sends (frameRequest), on a signed-in e-mail wallet.
import { FRAME_ERROR_TEXTS } from '@allaccess/frame-protocol'
import type { Page } from '@playwright/test'
import { type Hex, verifyMessage } from 'viem'
import { signInByEmail } from '../support/embeddedWallet'
import { expect, test } from '../support/fixtures'
import { approveInFrame, frameRequest, newEmail, walletFrame } from '../support/frameRequest'
import { E2E_CLOUD_URL } from '../support/ports'

const SEPOLIA_RPC = `${E2E_CLOUD_URL}/v1/rpc?chainId=eip155:11155111`

async function signIn(page: Page): Promise<{ address: Hex; rpcUrl: string }> {
  await page.goto('/')
  await signInByEmail(page, newEmail())
  const user = await frameRequest(page, 'getUser', { chainId: 31337 })
  if (!user.ok) throw new Error(user.error.message)
  // The devnet's RPC as the modal gave it to the frame (the cloud's gateway).
  const src = await page.evaluate(
    () =>
      document.querySelector('[data-allaccess-embedded-wallet]')?.shadowRoot?.querySelector('iframe')?.src,
  )
  return {
    address: (user.payload as { address: Hex }).address,
    rpcUrl: new URL(src ?? '').searchParams.get('rpcUrl') ?? '',
  }
}

test("switch network, a request's own network and namespace, and RPC abort", async ({ page }) => {
  const { address, rpcUrl } = await signIn(page)
  expect(await frameRequest(page, 'switchNetwork', { chainId: 11155111, rpcUrl: SEPOLIA_RPC })).toEqual({
    ok: true,
    payload: { chainId: 11155111 },
  })
  expect(await frameRequest(page, 'getChainId', {})).toEqual({ ok: true, payload: { chainId: 11155111 } })
  // On another chain than the frame's, without its RPC: refused; with the devnet's gateway: answered on it.
  expect(await frameRequest(page, 'rpcRequest', { method: 'eth_chainId', chainId: 31337 })).toMatchObject({
    ok: false,
    error: { code: 4901 },
  })
  expect(
    await frameRequest(page, 'rpcRequest', {
      method: 'eth_chainId',
      chainId: 31337,
      chainNamespace: 'eip155',
      rpcUrl,
    }),
  ).toEqual({ ok: true, payload: { result: '0x7a69' } })
  // A namespace the wallet does not serve; and Solana, which it does, on a reference that is no Solana network.
  expect(
    await frameRequest(page, 'rpcRequest', {
      method: 'eth_chainId',
      chainId: 31337,
      chainNamespace: 'bip122',
      rpcUrl,
    }),
  ).toEqual({ ok: false, error: { message: FRAME_ERROR_TEXTS.unsupportedNamespace } })
  expect(
    await frameRequest(page, 'rpcRequest', {
      method: 'eth_chainId',
      chainId: 31337,
      chainNamespace: 'solana',
      rpcUrl,
    }),
  ).toEqual({ ok: false, error: { message: 'Unsupported Solana network' } })
  // A host can't point a request at an RPC of its own, nor switch to one.
  for (const type of ['rpcRequest', 'switchNetwork'])
    expect(
      await frameRequest(page, type, {
        ...(type === 'rpcRequest' ? { method: 'eth_chainId' } : {}),
        chainId: 31337,
        rpcUrl: 'https://rpc.evil.example/',
      }),
    ).toEqual({ ok: false, error: { message: "rpcUrl must be the cloud's gateway" } })
  expect(await frameRequest(page, 'switchNetwork', { chainId: 31337, rpcUrl })).toMatchObject({ ok: true })
  expect(await frameRequest(page, 'getChainId', {})).toEqual({ ok: true, payload: { chainId: 31337 } })

  // RPC abort: the approval on screen closes, its request answers 'Request was aborted'.
  const frame = walletFrame(page)
  const waiting = frameRequest(page, 'rpcRequest', {
    method: 'personal_sign',
    params: ['0x6869', address],
    chainId: 31337,
  })
  await expect(frame.getByRole('heading', { name: 'Signature request' })).toBeVisible()
  expect(await frameRequest(page, 'rpcAbort', {})).toEqual({ ok: true, payload: {} })
  expect(await waiting).toEqual({ ok: false, error: { message: FRAME_ERROR_TEXTS.rpcAborted, code: 4001 } })
  await expect(page.locator('iframe[title="Wallet"]')).toBeHidden()
})

test("sync theme (AppKit's names too) and sync dapp data: the approval names the site, the cloud hears the SDK", async ({
  page,
}) => {
  const { address } = await signIn(page)
  const frame = walletFrame(page)
  const sdkHeaders: (string | null)[][] = []
  page.on('request', (request) => {
    if (request.url().startsWith(`${E2E_CLOUD_URL}/v1/embedded/`))
      sdkHeaders.push([request.headers()['x-sdk-type'] ?? null, request.headers()['x-sdk-version'] ?? null])
  })
  expect(
    await frameRequest(page, 'syncDappData', {
      projectId: 'e2e',
      sdkVersion: 'html-9.9.9',
      sdkType: 'e2e-sdk',
      metadata: { name: 'Pass Shop', url: 'https://pass.example' },
    }),
  ).toEqual({ ok: true, payload: {} })
  // isConnected asks the cloud whether the session is live: that call carries the SDK.
  expect(await frameRequest(page, 'isConnected', {})).toEqual({ ok: true, payload: { isConnected: true } })
  expect(sdkHeaders).toContainEqual(['e2e-sdk', 'html-9.9.9'])
  const signing = frameRequest(page, 'rpcRequest', {
    method: 'personal_sign',
    params: ['0x6869', address],
    chainId: 31337,
  })
  await expect(frame.getByText(/^Pass Shop \(/)).toBeVisible()
  // A first click into the frame right as its dialog opens can be lost: wait until the screen has been seen (the gate).
  await expect(frame.getByRole('button', { name: 'Approve' })).toBeEnabled()
  await frame.getByRole('button', { name: 'Reject' }).click()
  expect(await signing).toMatchObject({ ok: false, error: { code: 4001 } })

  expect(
    await frameRequest(page, 'syncTheme', {
      themeMode: 'dark',
      themeVariables: { '--aap-border-radius': '3px' },
      w3mThemeVariables: { '--w3m-font-family': 'monospace', '--w3m-z-index': 99 },
    }),
  ).toEqual({ ok: true, payload: {} })
  const root = await frame.locator('html').evaluate((html) => ({
    theme: html.dataset.theme,
    font: html.style.fontFamily,
    radius: html.style.getPropertyValue('--frame-radius'),
    zIndex: html.style.getPropertyValue('--w3m-z-index'),
  }))
  expect(root).toEqual({ theme: 'dark', font: 'monospace', radius: '3px', zIndex: '' })
})

test('getUser with a siwxMessage: the frame asks the user, shows the message whole, and the reply carries the signature; the session handle and not a token reaches the page', async ({
  page,
}) => {
  const { address } = await signIn(page)
  const frame = walletFrame(page)
  const siwx = `${new URL(page.url()).host} wants you to sign in with your Ethereum account:\n${address}\n\nWelcome to the pass.\n\nURI: ${page.url()}\nVersion: 1\nChain ID: 31337\nNonce: a1b2c3d4e5\nIssued At: 2026-01-01T00:00:00.000Z`
  const asked = frameRequest(page, 'getUser', { chainId: 31337, siwxMessage: siwx })
  await expect(frame.getByRole('heading', { name: 'Signature request' })).toBeVisible()
  await expect(frame.getByRole('region', { name: 'Message' })).toHaveText(siwx)
  await approveInFrame(page)
  const reply = await asked
  if (!reply.ok) throw new Error(reply.error.message)
  const user = reply.payload as { address: Hex; siwxMessage: string; message: Hex; signature: Hex }
  expect(user).toMatchObject({ address, siwxMessage: siwx })
  expect(await verifyMessage({ address, message: siwx, signature: user.signature })).toBe(true)
  expect(await verifyMessage({ address, message: { raw: user.message }, signature: user.signature })).toBe(
    true,
  )

  const refused = frameRequest(page, 'getUser', { chainId: 31337, siwxMessage: 'Sign in?' })
  await frame.getByRole('button', { name: 'Reject' }).click()
  expect(await refused).toEqual({ ok: false, error: { message: FRAME_ERROR_TEXTS.rejected, code: 4001 } })
  expect(
    await frameRequest(page, 'getUser', { chainId: 31337, socialUri: 'http://x.example/cb?code=1' }),
  ).toEqual({
    ok: false,
    error: { message: FRAME_ERROR_TEXTS.socialUriRefused },
  })

  // The sign-in's sessionUpdate left its handle with the modal: isConnected with it is true, with another false.
  const handle = await page.evaluate(() => localStorage.getItem('allaccess.embeddedSessionHandle'))
  expect(handle).toMatch(/^[0-9a-f]{32}$/)
  expect(await frameRequest(page, 'isConnected', { token: handle })).toEqual({
    ok: true,
    payload: { isConnected: true },
  })
  expect(await frameRequest(page, 'isConnected', { token: '0'.repeat(32) })).toEqual({
    ok: true,
    payload: { isConnected: false },
  })
})
