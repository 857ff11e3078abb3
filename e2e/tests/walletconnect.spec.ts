import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { addresses, allAccessPassAbi } from '@allaccess/chain/deployments'
import {
  PAIRING_EXPIRY_MARGIN_MS,
  PAIRING_EXPIRY_MS,
  PAIRING_LINK_TIMEOUT_MS,
} from '@allaccess/modal/testing'
import { createWalletConnectWallet, fundedKey, type WalletConnectWallet } from '@allaccess/testkit'
import { refuseOutsideFetch } from '@allaccess/testkit/offline-fetch'
import type { Locator, Page, WebSocket } from '@playwright/test'
import { createPublicClient, http } from 'viem'
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts'
import { startStack } from '../../scripts/stack'
import { serveSiteFromDisallowedOrigin } from '../support/elsewhere'
import {
  test as base,
  DEVNET_ID,
  E2E_VERIFY_URL,
  expect,
  MAINNET_ID,
  modal,
  openModal,
  pairingLink,
} from '../support/fixtures'
import { keepOffline } from '../support/offline'
import { E2E_RPC_URL } from '../support/ports'
import { relaySocketsNameProject } from '../support/relay'

// The behaviour these tests check: docs/behaviour.md#walletconnect.

const shortAddress = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`
const accountButton = (page: Page, address: string) =>
  page.getByRole('banner').getByRole('button', { name: shortAddress(address) })
const connectButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: 'Connect Wallet' })
const qrCode = (dialog: Locator) => dialog.getByRole('figure', { name: /QR code to connect/ })

/** The pairing view, which exposes its link as `data-pairing-uri` for tests. */
const pairingView = (dialog: Locator) => dialog.locator('[data-pairing-uri]')

/** Opens the modal, picks WalletConnect (listed first: docs/behaviour.md#wallet-picker) and returns the dialog and its pairing link. */
async function pickWalletConnect(page: Page): Promise<{ dialog: Locator; uri: string }> {
  const dialog = await openModal(page)
  const first = dialog.getByRole('list', { name: 'Wallets' }).getByRole('button').first()
  await expect(first).toHaveText(/WalletConnect\s*QR code/)
  await expect(first.locator('img')).toHaveAttribute('src', /^data:image\/svg\+xml,/)
  await first.click()
  return { dialog, uri: await pairingLink(dialog) }
}

/** From a fresh page: WalletConnect picked, its link paired by the wallet, the page connected. */
async function connectOverWalletConnect(page: Page, wcWallet: WalletConnectWallet): Promise<void> {
  await page.goto('/')
  const { uri } = await pickWalletConnect(page)
  await pair(page, wcWallet, uri)
}

/** Pairs the wallet and waits for the page to show it connected; returns how long each part took (ms). */
async function pair(
  page: Page,
  wcWallet: WalletConnectWallet,
  uri: string,
  { timeout }: { timeout?: number } = {},
): Promise<{ walletPaired: number; pageConnected: number }> {
  const started = performance.now()
  await wcWallet.pair(uri)
  const paired = performance.now()
  await expect(accountButton(page, wcWallet.address)).toBeVisible(timeout ? { timeout } : {})
  return {
    walletPaired: Math.round(paired - started),
    pageConnected: Math.round(performance.now() - started),
  }
}

/**
 * Mints the pass from the page (a signing request over WalletConnect; already asked for when `clicked`) and
 * checks the wallet sent it and the chain (`rpcUrl`, default the e2e devnet) agrees on the owner.
 */
async function mintOverWalletConnect(
  page: Page,
  wcWallet: WalletConnectWallet,
  { rpcUrl = E2E_RPC_URL, clicked = false } = {},
): Promise<void> {
  if (!clicked) await page.getByRole('button', { name: 'Mint for 0.01 ETH' }).click()
  const holding = page.getByText(/You hold All-Access Pass #\d+\./)
  await expect(holding).toBeVisible({ timeout: 30_000 })
  const tokenId = BigInt((await holding.textContent())?.match(/#(\d+)/)?.[1] ?? 0)
  const owner = await createPublicClient({ transport: http(rpcUrl) }).readContract({
    address: addresses.allAccessPass,
    abi: allAccessPassAbi,
    functionName: 'ownerOf',
    args: [tokenId],
  })
  expect(owner).toBe(wcWallet.address)
  expect(
    wcWallet.requests
      .filter((request) => request.method === 'eth_sendTransaction')
      .map(({ outcome }) => outcome),
  ).toEqual(['succeeded'])
}

/** Every test here runs offline: nothing may leave 127.0.0.1 (WalletConnect's public relay, Verify, RPC). */
const test = base.extend<{ escaped: string[] }>({
  escaped: [
    async ({ page }, use) => {
      const escaped = await keepOffline(page)
      await use(escaped)
      expect(escaped, 'requests that left 127.0.0.1').toEqual([])
    },
    { auto: true },
  ],
})

test('connect a mobile wallet by its pairing link: connected, mint the pass over WalletConnect, ownerOf agrees', async ({
  page,
  wcWallet,
}) => {
  await page.goto('/')
  const { dialog, uri } = await pickWalletConnect(page)
  const { walletPaired, pageConnected } = await pair(page, wcWallet, uri)
  test.info().annotations.push({
    type: 'pair latency',
    description: `wallet.pair() ${walletPaired} ms; page shows the account after ${pageConnected} ms`,
  })
  await expect(dialog).toBeHidden()

  await mintOverWalletConnect(page, wcWallet)
})

test("User rejection: rejecting the session shows 'Connection rejected', and Try again pairs with a fresh link", async ({
  page,
  wcWallet,
}) => {
  await page.goto('/')
  const { dialog, uri } = await pickWalletConnect(page)
  wcWallet.rejectNext('eth_requestAccounts')
  await wcWallet.pair(uri)
  await expect(dialog.getByText('Connection rejected')).toHaveAttribute('role', 'alert')
  await dialog.getByRole('button', { name: 'Try again' }).click()
  await pair(page, wcWallet, await pairingLink(dialog, uri))
  await expect(dialog).toBeHidden()
})

test('Pairing link: expires after 4 minutes, treated as expired when under 10 seconds remain: a fresh link replaces it, and pairs', async ({
  page,
  wcWallet,
}) => {
  await page.clock.install()
  await page.goto('/')
  const { dialog, uri } = await pickWalletConnect(page)
  await page.clock.fastForward(PAIRING_EXPIRY_MS - PAIRING_EXPIRY_MARGIN_MS - 5_000)
  await expect(pairingView(dialog)).toHaveAttribute('data-pairing-uri', uri)
  await page.clock.fastForward(10_000)
  const fresh = await pairingLink(dialog, uri)
  await pair(page, wcWallet, fresh)
})

test('a mint the wallet rejects over WalletConnect reads as a rejection (4001), nothing spent', async ({
  page,
  wcWallet,
}) => {
  await connectOverWalletConnect(page, wcWallet)
  wcWallet.rejectNext('eth_sendTransaction')
  await page.getByRole('button', { name: 'Mint for 0.01 ETH' }).click()
  await expect(
    page.getByText('You rejected the transaction in your wallet. Nothing was spent.'),
  ).toBeVisible()
  expect(wcWallet.requests.map(({ method, outcome }) => `${method} ${outcome}`)).toContain(
    'eth_sendTransaction rejected',
  )
})

test('Failed to connect: with the relay out of reach no link comes; after 15 s the view says so, and Try again pairs once it is back', async ({
  page,
  wcWallet,
}) => {
  let relayDown = true
  await page.routeWebSocket(/\/relay\?/, (socket) => {
    if (relayDown) return socket.close({ code: 1011, reason: 'relay down' })
    socket.connectToServer()
  })
  await page.clock.install()
  await page.goto('/')
  const dialog = await openModal(page)
  // Time stands still from the pick on, so a slow machine can't add real seconds to the 15 s being counted.
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1_000))
  await dialog.getByRole('list', { name: 'Wallets' }).getByRole('button').first().click()
  await expect(dialog.getByRole('status').filter({ hasText: 'Preparing the QR code' })).toBeAttached()
  await page.clock.fastForward(PAIRING_LINK_TIMEOUT_MS - 1_000)
  await expect(dialog.getByText('Failed to connect')).toBeHidden()
  await page.clock.fastForward(1_000)
  await expect(dialog.getByText('Failed to connect')).toHaveAttribute('role', 'alert')
  await expect(connectButton(page)).toBeVisible()

  // Back: WalletConnect's client reconnects on its own retry schedule (pauses of up to 5 s), so, like a visitor,
  // press Try again until a link shows (a few presses at most).
  relayDown = false
  await page.clock.resume()
  const link = dialog.locator('[data-pairing-uri^="wc:"]')
  const failed = dialog.getByRole('alert').filter({ hasText: 'Failed to connect' })
  for (let press = 0; press < 4 && !(await link.count()); press++) {
    await dialog.getByRole('button', { name: 'Try again' }).click()
    await expect(failed).toBeHidden()
    await expect(link.or(failed)).toBeVisible({ timeout: PAIRING_LINK_TIMEOUT_MS + 5_000 })
  }
  // The page's client may still be between two of its reconnection tries (up to 5 s apart) when the wallet's
  // approval is published: on a loaded machine the answer can take longer than the usual 10 s.
  await pair(page, wcWallet, await pairingLink(dialog), { timeout: 25_000 })
})

test('leaving the QR view before pairing shows Connect Wallet again, not "Connecting…"; picking WalletConnect again pairs', async ({
  page,
  wcWallet,
}) => {
  await page.goto('/')
  const { dialog } = await pickWalletConnect(page)
  await expect(page.getByRole('banner').getByRole('button', { name: 'Connecting…' })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(connectButton(page)).toBeVisible()

  const { uri } = await pickWalletConnect(page)
  await pair(page, wcWallet, uri)
})

test('Persisted wallet state is restored on load: a WalletConnect session survives a reload; a wallet-side disconnect shows Connect Wallet', async ({
  page,
  wcWallet,
}) => {
  await connectOverWalletConnect(page, wcWallet)
  await page.reload()
  await expect(accountButton(page, wcWallet.address)).toBeVisible()
  await expect(page.getByRole('button', { name: 'Mint for 0.01 ETH' })).toBeEnabled()
  await wcWallet.disconnect()
  await expect(connectButton(page)).toBeVisible()
})

test("a stored session's client refused by the relay on reload raises Invalid Project ID on the next open", async ({
  page,
  wcWallet,
}) => {
  await connectOverWalletConnect(page, wcWallet)
  // From the reload on, the page's relay socket names a project the cloud does not know: the real relay refuses it.
  await relaySocketsNameProject(page, 'no-such-project')
  const refused = page.waitForEvent('websocket', (socket) => socket.url().includes('no-such-project'))
  await page.reload()
  await (await refused).waitForEvent('close')
  // The page restores what it can of the session either way; the banner says why the wallet can't be reached.
  const dialog = await openModal(page)
  const alert = dialog.getByRole('alert').filter({ hasText: 'Invalid Project ID' })
  await expect(alert).toBeVisible()
  await expect(alert).toContainText(/Check the projectId/)
})

test('States and transitions: a wallet-side account change reaches the page', async ({ page, wcWallet }) => {
  await connectOverWalletConnect(page, wcWallet)
  const first = wcWallet.address

  const other = generatePrivateKey()
  await wcWallet.emitAccountsChanged(other)
  await expect(accountButton(page, privateKeyToAddress(other))).toBeVisible()
  await expect(accountButton(page, first)).toBeHidden()
  // The account feature asked the wallet for its capabilities meanwhile, on the chain it is on: no switch was
  // requested (a needless one would also reset the accounts to the session's).
  expect(wcWallet.requests.map((request) => request.method)).not.toContain('wallet_switchEthereumChain')
})

test('the wallet moving to an unconfigured chain over WalletConnect opens UnsupportedChain; switching from the modal lands on Account and the next request goes to that chain', async ({
  page,
  wcWallet,
}) => {
  await connectOverWalletConnect(page, wcWallet)
  // The wallet's session carries the devnet the site proposed and Ethereum, which the site does not configure.
  expect(wcWallet.sessions[0]?.namespaces.eip155?.chains).toEqual([
    `eip155:${DEVNET_ID}`,
    `eip155:${MAINNET_ID}`,
  ])

  await wcWallet.switchChain(MAINNET_ID)
  const dialog = modal(page)
  await expect(dialog.getByRole('heading', { name: 'Switch Network' })).toBeVisible()
  await expect(
    page.getByText('Your wallet is on a network this site doesn’t use.', { exact: false }),
  ).toBeAttached()

  // Both chains are in the session, so WalletConnect switches on the dapp's side: requests now name the devnet.
  await dialog.getByRole('button', { name: 'Local devnet' }).click()
  await expect(dialog.getByRole('heading', { name: 'Account' })).toBeVisible()
  await page.keyboard.press('Escape')
  await mintOverWalletConnect(page, wcWallet)
  expect(wcWallet.chainId).toBe(DEVNET_ID)
})

test("connected becomes disconnected when the last connection is removed: Disconnect from the dapp side shows Connect Wallet and ends the wallet's session", async ({
  page,
  wcWallet,
}) => {
  await connectOverWalletConnect(page, wcWallet)
  expect(wcWallet.sessions).toHaveLength(1)

  const dialog = await openModal(page)
  await dialog.getByRole('button', { name: 'Disconnect' }).click()
  await expect(connectButton(page)).toBeVisible()
  await expect.poll(() => wcWallet.sessions.length, { message: "the wallet's sessions" }).toBe(0)
})

test('WalletConnect Verify: the page is attested by the cloud’s Verify service, and the wallet sees the proposal VALID for the site’s origin', async ({
  page,
  wcWallet,
}) => {
  // The wallet (in this process) checks the attestation with the cloud too: nothing may leave for a public host.
  const nodeOffline = refuseOutsideFetch()
  try {
    const attested: string[] = []
    page.on('request', (request) => {
      const url = new URL(request.url())
      if (url.href.startsWith(`${E2E_VERIFY_URL}/attestation?`))
        attested.push(url.searchParams.get('origin') ?? '')
    })
    await page.goto('/')
    const siteOrigin = new URL(page.url()).origin
    const { uri } = await pickWalletConnect(page)
    await pair(page, wcWallet, uri)
    expect(attested, 'the Verify frames the page loaded, by the origin they attest').toEqual([siteOrigin])
    expect(wcWallet.proposalContexts.map(({ verified }) => verified)).toEqual([
      expect.objectContaining({ origin: siteOrigin, validation: 'VALID' }),
    ])
    expect(nodeOffline.refused).toEqual([])
  } finally {
    nodeOffline.restore()
  }
})

test.describe('the relay refusing the client raises its alert in the pairing view', () => {
  /** Picks WalletConnect in the open modal: the relay refuses the page's client, so no link comes. */
  async function pickRefusedWalletConnect(dialog: Locator): Promise<void> {
    const first = dialog.getByRole('list', { name: 'Wallets' }).getByRole('button').first()
    await expect(first).toHaveText(/WalletConnect\s*QR code/)
    await first.click()
  }

  /**
   * The refusal's alert in the banner, and the failed pairing's Try again. The alert waits for the relay's
   * answer, which waits for the provider's first load: seconds on a busy machine (the modal fails the attempt
   * at once on the refusal, and still explains a refusal that comes after the link time-out).
   */
  async function expectRefusal(dialog: Locator, title: string, advice: RegExp): Promise<void> {
    const alert = dialog.getByRole('alert').filter({ hasText: title })
    await expect(alert).toBeVisible({ timeout: 2 * PAIRING_LINK_TIMEOUT_MS })
    await expect(alert).toContainText(advice)
    await expect(dialog.getByRole('alert').filter({ hasText: 'Failed to connect' })).toBeVisible()
    await expect(dialog.getByRole('button', { name: 'Try again' })).toBeVisible()
    await expect(pairingView(dialog)).toHaveCount(0)
  }

  test("Invalid Project ID: the relay answers a project it does not know with 'Unauthorized: invalid key'", async ({
    page,
  }) => {
    // The real relay answers: only the project id the page's relay socket names is one the cloud does not know.
    await relaySocketsNameProject(page, 'no-such-project')
    await page.goto('/')
    const dialog = await openModal(page)
    await pickRefusedWalletConnect(dialog)
    await expectRefusal(dialog, 'Invalid Project ID', /Check the projectId/)
  })

  test("Origin Not Allowed: the relay refuses a page outside the project's allow list with 'Unauthorized: origin not allowed'", async ({
    page,
  }) => {
    const elsewhere = await serveSiteFromDisallowedOrigin(page)
    // The cloud refuses the page's configuration requests too, which may raise the same alert: they are cut,
    // so the relay's refusal is the only one the page hears.
    await page.route(/\/(projects\/v1\/origins|appkit\/v1\/config)\?/, (route) => route.abort())
    await page.goto(`${elsewhere}/`)
    const dialog = await openModal(page)
    await pickRefusedWalletConnect(dialog)
    await expectRefusal(dialog, 'Origin Not Allowed', /allow list in the project dashboard/)
  })

  test("Session Expired: a clock 10 minutes fast makes the relay answer 'JWT validation error: JWT Token is not yet valid'", async ({
    page,
  }) => {
    // The page signs its relay token with its own clock: 10 minutes ahead of the relay's.
    await page.clock.install({ time: Date.now() + 10 * 60_000 })
    await page.goto('/')
    const dialog = await openModal(page)
    await pickRefusedWalletConnect(dialog)
    await expectRefusal(dialog, 'Session Expired', /date and time settings/)
  })
})

/** The page's sockets to the relay at `relayUrl`, and the tags of its `irn_publish` frames the relay acknowledged. */
function watchRelay(page: Page, relayUrl: string): { sockets: WebSocket[]; published: number[] } {
  const sockets: WebSocket[] = []
  const published: number[] = []
  page.on('websocket', (socket) => {
    if (!socket.url().startsWith(relayUrl)) return
    sockets.push(socket)
    const sent = new Map<string, number>()
    socket.on('framesent', ({ payload }) => {
      const frame = JSON.parse(String(payload))
      if (frame.method === 'irn_publish') sent.set(String(frame.id), frame.params.tag)
    })
    socket.on('framereceived', ({ payload }) => {
      const frame = JSON.parse(String(payload))
      const tag = sent.get(String(frame.id))
      if (tag !== undefined && frame.result === true) published.push(tag)
    })
  })
  return { sockets, published }
}

/** WalletConnect's tag for a session request (wc_sessionRequest), e.g. eth_sendTransaction. */
const SESSION_REQUEST_TAG = 1108

test.describe('a relay restart', () => {
  let scratch: string
  let stack: Awaited<ReturnType<typeof startStack>>
  // Its own stack, since restarting the shared cloud would break the tests running beside this one. It builds
  // the site against its own cloud: slow on a busy machine, so it is timed as a hook, not as the test.
  test.beforeAll(async () => {
    test.setTimeout(300_000)
    scratch = await mkdtemp(join(tmpdir(), 'wc-relay-restart-'))
    stack = await startStack({
      anvilPort: 0,
      cloudPort: 0,
      sitePort: 0,
      siteDist: join(scratch, 'site'),
      cloudDataDir: join(scratch, 'cloud'),
      // No e-mail or social login here: the frame's build is spared.
      withFrame: false,
    })
  })
  test.afterAll(async () => {
    await stack?.stop()
    await rm(scratch, { recursive: true, force: true })
  })

  test('Relay restarted mid-session → the next signing request still succeeds, nothing lost', async ({
    page,
  }) => {
    test.setTimeout(120_000)
    const relayUrl = `${stack.cloudUrl.replace(/^http/, 'ws')}/relay`
    const wallet = await createWalletConnectWallet({
      relayUrl,
      verifyUrl: `${stack.cloudUrl}/verify/v3`,
      privateKey: await fundedKey(stack.rpcUrl),
      chains: [{ id: DEVNET_ID, rpcUrl: stack.rpcUrl, name: 'Local devnet' }],
    })
    try {
      const { sockets: relaySockets, published } = watchRelay(page, relayUrl)
      await page.goto(stack.siteUrl)
      const { uri } = await pickWalletConnect(page)
      await pair(page, wallet, uri)

      // The wallet goes offline; the page's request reaches the relay and waits in its cache.
      await wallet.close()
      await page.getByRole('button', { name: 'Mint for 0.01 ETH' }).click()
      await expect
        .poll(() => published, { message: 'the session request the relay took' })
        .toContain(SESSION_REQUEST_TAG)
      const socketsBefore = relaySockets.length

      // The relay process restarts: the request now lives only in its database.
      const restarting = performance.now()
      await stack.restartCloud()
      const restarted = performance.now()
      await wallet.open()
      await mintOverWalletConnect(page, wallet, { rpcUrl: stack.rpcUrl, clicked: true })
      test.info().annotations.push({
        type: 'relay restart',
        description: `restartCloud() ${Math.round(restarted - restarting)} ms; minted ${Math.round(performance.now() - restarted)} ms after`,
      })

      expect(relaySockets.slice(0, socketsBefore).every((socket) => socket.isClosed())).toBe(true)
      expect(relaySockets.length, 'the page reconnected to the relay').toBeGreaterThan(socketsBefore)
      expect(wallet.sessions).toHaveLength(1)
      await expect(accountButton(page, wallet.address)).toBeVisible()
    } finally {
      await wallet.close()
    }
  })
})

test.describe('on a phone (touch, 390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true })

  test('WalletConnect opens the wallet apps (All Wallets); a wallet’s app link carries the pairing link, which pairs', async ({
    page,
    wcWallet,
  }) => {
    await page.goto('/')
    const dialog = await openModal(page)
    const first = dialog.getByRole('list', { name: 'Wallets' }).getByRole('button').first()
    await expect(first).toHaveText(/WalletConnect\s*Mobile apps/)
    await first.click()
    await expect(dialog.getByRole('heading', { name: 'All Wallets' })).toBeVisible()

    await dialog.getByRole('grid', { name: 'All wallets' }).getByRole('button', { name: 'Rainbow' }).click()
    // No QR code on the phone showing it: the wallet's app, opened by its link, is the way in.
    const openApp = dialog
      .getByRole('list', { name: 'Open Rainbow' })
      .getByRole('link', { name: 'Open Rainbow' })
    await expect(openApp).toHaveAttribute('href', /^rainbow:\/\/wc\?uri=wc%3A/)
    await expect(dialog.getByText('Continue in Rainbow')).toBeVisible()
    await expect(qrCode(dialog)).toHaveCount(0)
    const uri = new URL((await openApp.getAttribute('href')) ?? '').searchParams.get('uri') ?? ''
    expect(uri).toBe(await pairingLink(dialog))
    // The phone's Rainbow would receive that link; the test wallet takes the same pairing link.
    await pair(page, wcWallet, uri)
  })
})
