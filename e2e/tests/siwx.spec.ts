import { createWalletConnectWallet, fundedKey } from '@allaccess/testkit'
import type { Page } from '@playwright/test'
import { privateKeyToAccount } from 'viem/accounts'
import { createSiweMessage, parseSiweMessage } from 'viem/siwe'
import { expectAccessible } from '../support/axe'
import { signInByEmail } from '../support/embeddedWallet'
import {
  connect,
  DEVNET_ID,
  E2E_RELAY_URL,
  E2E_VERIFY_URL,
  expect,
  modal,
  pairingLink,
  test,
} from '../support/fixtures'
import { approveInFrame, newEmail, walletFrame } from '../support/frameRequest'
import { gotoOptionsPage } from '../support/optionsPage'
import { E2E_CLOUD_URL, E2E_RPC_URL, E2E_SITE_URL } from '../support/ports'

// The behaviour these tests check: docs/behaviour.md#sign-in (the modal) and the holders' area of the site.

const PROJECT = 'allaccess-local'
const cloud = (path: string) => `${E2E_CLOUD_URL}${path}?projectId=${PROJECT}`
const holders = (page: Page) => page.getByRole('region', { name: 'Holders’ area' })

/** The cloud as another program sees it: from Node, naming whatever Origin it likes. */
async function post(path: string, body: unknown, origin = E2E_SITE_URL) {
  const response = await fetch(cloud(path), {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify(body),
  })
  return {
    status: response.status,
    body: (await response.json().catch(() => undefined)) as Record<string, unknown>,
  }
}

/** The bearer token of the session this page holds. */
async function heldToken(page: Page): Promise<string> {
  const held = () =>
    page.evaluate(() => JSON.parse(localStorage.getItem('allaccess.siwx') ?? '[]') as { token: string }[])
  // Kept once the cloud answered (a one-click sign-in is kept as the connection settles).
  await expect.poll(async () => (await held()).length).toBe(1)
  return (await held())[0]?.token ?? ''
}

async function signIn(page: Page) {
  await holders(page).getByRole('button', { name: 'Sign in' }).click()
  const dialog = modal(page)
  await expect(dialog.getByRole('heading', { name: 'Sign in to All-Access Pass' })).toBeVisible()
  const created = page.waitForRequest(
    (request) => request.url().includes('/auth/v1/siwx/sessions') && request.method() === 'POST',
  )
  await dialog.getByRole('button', { name: 'Sign', exact: true }).click()
  await expect(dialog).toBeHidden()
  return (await created).postDataJSON() as { message: string; signature: string }
}

test('sign in with an extension wallet: the holders’ area refuses before minting, opens after, and closes on sign out', async ({
  page,
  wallet,
}) => {
  test.setTimeout(90_000)
  const consoleErrors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text())
  })
  // What the modal tells the cloud's analytics (`POST /e` or `/batch`).
  const reported: string[] = []
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname
    if (request.method() === 'POST' && (path === '/e' || path === '/batch'))
      reported.push(request.postData() ?? '')
  })
  await page.goto('/')
  await connect(page)
  await expect(holders(page).getByText('Pass holders get in here.', { exact: false })).toBeVisible()

  const signed = await signIn(page)
  await expect.poll(() => reported.join('\n')).toContain('"SIWX_AUTH_SUCCESS"')
  expect(parseSiweMessage(signed.message)).toMatchObject({
    address: wallet.address,
    domain: new URL(E2E_SITE_URL).host,
    chainId: 31337,
  })
  // The cloud checks the chain: this fresh account holds no pass.
  await expect(holders(page).getByRole('alert')).toHaveText(
    'This address holds no All-Access Pass yet: mint one, then check again.',
  )
  const token = await heldToken(page)
  const area = () => fetch(cloud('/holders/v1/area'), { headers: { authorization: `Bearer ${token}` } })
  // No pass is an answer, not a refusal: nothing in the console looks like a failure.
  const none = await area()
  expect(none.status).toBe(200)
  expect(await none.json()).toMatchObject({ passes: 0, content: null })
  expect(consoleErrors).toEqual([])

  await page.getByRole('button', { name: 'Mint for 0.01 ETH' }).click()
  await expect(page.getByText('Minted! Welcome aboard.')).toBeVisible()
  await holders(page).getByRole('button', { name: 'Check again' }).click()
  await expect(holders(page).getByRole('article')).toBeVisible()
  expect((await area()).status).toBe(200)

  // A signature is good once: the same signed message is refused the second time.
  const replay = await post('/auth/v1/siwx/sessions', signed)
  expect(replay.status).toBeGreaterThanOrEqual(400)
  expect(replay.status).toBeLessThan(500)

  await holders(page).getByRole('button', { name: 'Sign out' }).click()
  await expect(holders(page).getByRole('button', { name: 'Sign in' })).toBeVisible()
  expect((await area()).status).toBe(401)
})

test('a sign-in rejected in the wallet says so (not "Sign message failed"); Sign then signs in', async ({
  page,
  wallet,
}) => {
  await page.goto('/')
  await connect(page)
  await holders(page).getByRole('button', { name: 'Sign in' }).click()
  const dialog = modal(page)
  await expect(dialog.getByRole('heading', { name: 'Sign in to All-Access Pass' })).toBeVisible()
  wallet.rejectNext('personal_sign')
  await dialog.getByRole('button', { name: 'Sign', exact: true }).click()
  await expect(dialog.getByRole('alert')).toHaveText('Sign-in rejected')
  await dialog.getByRole('button', { name: 'Sign', exact: true }).click()
  await expect(dialog).toBeHidden()
})

test('the cloud refuses a sign-in message for another site, and one altered after signing', async ({
  page,
  installWallet,
}) => {
  const key = await fundedKey(E2E_RPC_URL)
  const account = privateKeyToAccount(key)
  await installWallet({ privateKey: key })
  await page.goto('/')
  await connect(page)

  const message = await post('/auth/v1/siwx/message', { chainId: 'eip155:31337', accountAddress: '' })
  expect(message.status).toBe(200)
  const fields = message.body as { domain: string; uri: string; nonce: string; statement?: string }
  const text = (domain: string, statement = fields.statement) =>
    createSiweMessage({
      address: account.address,
      chainId: 31337,
      domain,
      uri: `http://${domain}`,
      version: '1',
      nonce: fields.nonce,
      ...(statement ? { statement } : {}),
    })

  const elsewhere = text('evil.example')
  const forOtherSite = await post('/auth/v1/siwx/sessions', {
    message: elsewhere,
    signature: await account.signMessage({ message: elsewhere }),
  })
  expect(forOtherSite.status).toBeGreaterThanOrEqual(400)
  expect(forOtherSite.status).toBeLessThan(500)

  const fresh = (await post('/auth/v1/siwx/message', { chainId: 'eip155:31337', accountAddress: '' }))
    .body as {
    domain: string
    nonce: string
  }
  const honest = createSiweMessage({
    address: account.address,
    chainId: 31337,
    domain: fresh.domain,
    uri: E2E_SITE_URL,
    version: '1',
    nonce: fresh.nonce,
  })
  const altered = await post('/auth/v1/siwx/sessions', {
    message: honest.replace(`Chain ID: 31337`, 'Chain ID: 1'),
    signature: await account.signMessage({ message: honest }),
  })
  expect(altered.status).toBeGreaterThanOrEqual(400)
  expect(altered.status).toBeLessThan(500)

  // A page on another origin gets no message at all.
  expect(
    (
      await post(
        '/auth/v1/siwx/message',
        { chainId: 'eip155:31337', accountAddress: '' },
        'http://evil.example',
      )
    ).status,
  ).toBe(403)
})

test('sign in with the e-mail wallet: the signature is approved in its own frame, and the cloud keeps the session', async ({
  page,
}) => {
  test.setTimeout(120_000)
  await page.goto('/')
  await signInByEmail(page, newEmail())
  await holders(page).getByRole('button', { name: 'Sign in' }).click()
  await modal(page).getByRole('button', { name: 'Sign', exact: true }).click()
  const frame = walletFrame(page)
  await expect(frame.getByText('Sign in with your wallet.', { exact: false })).toBeVisible()
  await approveInFrame(page)
  await expect(holders(page).getByRole('alert')).toHaveText(
    'This address holds no All-Access Pass yet: mint one, then check again.',
  )
  expect(await heldToken(page)).toMatch(/^[\w-]{40,}$/)
})

test(`SiwxSignMessage has no axe violations, and Cancel closes it leaving the wallet connected (light and dark)`, async ({
  page,
  wallet: _wallet,
}) => {
  await page.goto('/')
  await connect(page)
  await holders(page).getByRole('button', { name: 'Sign in' }).click()
  await expectAccessible(page, 'Sign In')
  await modal(page).getByRole('button', { name: 'Cancel' }).click()
  await expect(modal(page)).toBeHidden()
  await expect(holders(page).getByRole('button', { name: 'Sign in' })).toBeVisible()
})

test.describe('sign-in required, over WalletConnect', () => {
  /** The options page with sign-in required and WalletConnect; the modal open on its wallet list. */
  async function pairingPage(page: Page) {
    await gotoOptionsPage(
      page,
      {},
      { signIn: true, walletConnect: { relayUrl: E2E_RELAY_URL, verifyUrl: E2E_VERIFY_URL } },
    )
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    const dialog = modal(page)
    await dialog
      .getByRole('list', { name: 'Wallets' })
      .getByRole('button', { name: /WalletConnect/ })
      .click()
    return { dialog, uri: await pairingLink(dialog) }
  }

  test('a wallet with one-click authentication signs in as it pairs: no sign-in view, and the cloud holds the session', async ({
    page,
    wcWallet,
  }) => {
    const { dialog, uri } = await pairingPage(page)
    await wcWallet.pair(uri)
    await expect(dialog).toBeHidden()
    expect(wcWallet.requests.map((record) => record.method)).toEqual(['eth_requestAccounts', 'personal_sign'])
    const token = await heldToken(page)
    // The cloud verified it: the session is live (the account holds no pass, so the area has no content for it).
    const area = await fetch(cloud('/holders/v1/area'), { headers: { authorization: `Bearer ${token}` } })
    expect(area.status).toBe(200)
    expect(await area.json()).toMatchObject({ passes: 0, content: null })
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    await expect(dialog).toHaveAccessibleName('Account')
  })

  test('a wallet without it connects, then signs on SiwxSignMessage; Cancel there disconnects', async ({
    page,
  }) => {
    const wallet = await createWalletConnectWallet({
      relayUrl: E2E_RELAY_URL,
      verifyUrl: E2E_VERIFY_URL,
      privateKey: await fundedKey(E2E_RPC_URL),
      chains: [{ id: DEVNET_ID, rpcUrl: E2E_RPC_URL, name: 'Local devnet' }],
      oneClickAuth: false,
    })
    try {
      const { dialog, uri } = await pairingPage(page)
      await wallet.pair(uri)
      await expect(dialog.getByRole('heading', { name: 'Sign in to Modal options' })).toBeVisible()
      await dialog.getByRole('button', { name: 'Cancel' }).click()
      await expect(dialog).toBeHidden()
      await expect.poll(() => wallet.sessions.length).toBe(0)

      const again = await pairingPage(page)
      await wallet.pair(again.uri)
      await again.dialog.getByRole('button', { name: 'Sign', exact: true }).click()
      await expect(again.dialog).toBeHidden()
      expect(wallet.requests.map((record) => record.method).slice(-1)).toEqual(['personal_sign'])
      expect(await heldToken(page)).toMatch(/^[\w-]{40,}$/)
    } finally {
      await wallet.close()
    }
  })
})
