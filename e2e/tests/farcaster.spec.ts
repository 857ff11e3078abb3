import { ERROR_CODES, FARCASTER_TEXTS } from '@allaccess/protocol'
import {
  createFarcasterClient,
  type FarcasterUser,
  registerFarcasterUser,
} from '@allaccess/testkit/farcaster'
import type { Locator, Page } from '@playwright/test'
import type { Hex } from 'viem'
import { generatePrivateKey } from 'viem/accounts'
import { expectAccessible, frameViolations } from '../support/axe'
import { approveNewDevice, expectExportedKey } from '../support/embeddedWallet'
import { expect, openModal, test } from '../support/fixtures'
import { frameRequest, walletFrame } from '../support/frameRequest'
import { E2E_CLOUD_URL, E2E_RPC_URL } from '../support/ports'

// The behaviour these tests check: docs/behaviour.md#farcaster and docs/embedded-wallet.md#farcaster.

const FAILED = 'Failed to connect to farcaster'
const accountButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^0x/ })
/** The Farcaster app of the tests: approves a link with the fid's custody key, through the cloud's relay. */
const farcasterApp = (user: FarcasterUser) => createFarcasterClient({ relay: E2E_CLOUD_URL, user })

async function walletAddress(page: Page): Promise<Hex> {
  const reply = await frameRequest(page, 'getUser', { chainId: 31337 })
  if (!reply.ok) throw new Error(reply.error.message)
  return (reply.payload as { address: Hex }).address
}

/** Connect → Farcaster: the QR code and the link; returns the link the Farcaster app is given. */
async function openFarcaster(page: Page): Promise<{ dialog: Locator; url: string }> {
  const dialog = await openModal(page)
  await dialog
    .getByRole('region', { name: 'Social login' })
    .getByRole('button', { name: 'Farcaster', exact: true })
    .click()
  await expect(dialog).toHaveAccessibleName('Farcaster')
  await expect(
    dialog.getByRole('figure', { name: 'QR code to sign in with Farcaster' }).locator('svg'),
  ).toBeVisible()
  await expect(dialog.getByRole('status').filter({ hasText: 'Waiting' })).toHaveText(
    'Waiting for Farcaster to approve…',
  )
  const url = (await dialog.getByRole('link', { name: 'Open Farcaster' }).getAttribute('href')) ?? ''
  await expect(dialog.getByRole('button', { name: 'Copy link' })).toBeEnabled()
  return { dialog, url }
}

/** The approval's completion code, typed where the Farcaster app tells its approver: the modal that showed the link. */
async function enterCode(dialog: Locator, code: string | undefined) {
  await expect(dialog.getByText('Enter the code the Farcaster app shows')).toBeVisible()
  await dialog.getByRole('textbox', { name: 'Digit 1 of 6' }).fill(code ?? '')
}

async function signIn(page: Page, user: FarcasterUser) {
  const { dialog, url } = await openFarcaster(page)
  // The message the user approves names this page: the cloud took the frame's host origin.
  expect(new URL(url).searchParams.get('domain')).toBe(new URL(page.url()).host)
  const approval = await farcasterApp(user).approve(url)
  expect(approval.status).toBe(201)
  await enterCode(dialog, approval.completion)
  await expect(dialog).toBeHidden()
  await expect(accountButton(page)).toBeVisible()
}

async function expectFarcasterAccount(page: Page, username: string) {
  const dialog = await openModal(page)
  const panel = dialog.getByRole('region', { name: 'Social login' })
  await expect(panel).toContainText(username)
  await expect(panel).toContainText('Signed in with Farcaster')
  await expect(dialog.getByText('Connected with', { exact: false })).toHaveCount(0)
  await page.keyboard.press('Escape')
}

test('QR code and link → the Farcaster app approves with the custody key → the account and username; reload stays; the same fid again is the same address', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000)
  const user = await registerFarcasterUser(E2E_RPC_URL, { username: 'dwr' })
  await page.goto('/')
  await signIn(page, user)
  const address = await walletAddress(page)
  await expectFarcasterAccount(page, 'dwr')
  expect(await page.evaluate(() => localStorage.getItem('allaccess.socialUsername'))).toBe('dwr')

  await page.reload()
  await expect(accountButton(page)).toBeVisible()
  expect(await walletAddress(page)).toBe(address)
  await expectFarcasterAccount(page, 'dwr')

  // Another browser (a new device): the fid's approval proves who it is, not the device — a phished approval and
  // code get no key. This browser, which holds the wallet, shown the new one, approves it.
  const other = await browser.newContext()
  try {
    const second = await other.newPage()
    await second.goto(page.url())
    const approved = approveNewDevice(page)
    await signIn(second, user)
    const shown = await approved
    expect(shown).toContain('Signed in withFarcaster')
    expect(shown).toContain(`Signed in on${new URL(page.url()).origin}, in the app “`)
    expect(await walletAddress(second)).toBe(address)
  } finally {
    await other.close()
  }
})

test("a stranger's approvals — signed by a key that is not the fid's custody, or after the message expired — are refused to their sender only: the modal keeps waiting, and the user's own approval signs in", async ({
  page,
}) => {
  test.setTimeout(90_000)
  const user = await registerFarcasterUser(E2E_RPC_URL, { username: 'varun' })
  await page.goto('/')
  const { dialog, url } = await openFarcaster(page)
  const forged = await farcasterApp(user).approve(url, { signWith: generatePrivateKey() })
  expect(forged).toMatchObject({ status: 401, body: { code: ERROR_CODES.farcasterInvalidSignature } })
  const expired = await farcasterApp(user).approve(url, { late: true })
  expect(expired).toMatchObject({ status: 400, body: { code: ERROR_CODES.farcasterExpired } })
  await expect(dialog.getByRole('status').filter({ hasText: 'Waiting' })).toBeVisible()
  await expect(dialog.getByRole('alert')).toHaveCount(0)
  await expect(accountButton(page)).toBeHidden()

  await enterCode(dialog, (await farcasterApp(user).approve(url)).completion)
  await expect(dialog).toBeHidden()
  await expect(accountButton(page)).toBeVisible()
})

test('a link sent to someone else: their approval gives its sender nothing — the code the Farcaster app shows them is asked where the link was shown, and a guess ends the sign-in', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000)
  const victim = await registerFarcasterUser(E2E_RPC_URL, { username: 'victim' })
  // The sender opens a sign-in and sends its link; the victim approves it in the Farcaster app.
  await page.goto('/')
  const { dialog, url } = await openFarcaster(page)
  const approval = await farcasterApp(victim).approve(url)
  expect(approval.status).toBe(201)
  // The code goes to the victim's app only: the sender's page is asked for it and can only guess.
  await expect(dialog.getByText('Enter the code the Farcaster app shows')).toBeVisible()
  expect(await page.content()).not.toContain(approval.completion)
  await enterCode(dialog, approval.completion === '000000' ? '000001' : '000000')
  await expect(dialog.getByRole('alert')).toHaveText(FAILED)
  await expect(accountButton(page)).toBeHidden()
  expect(await frameRequest(page, 'getUser', { chainId: 31337 })).toMatchObject({ ok: false })

  // The victim's own sign-in, in their own browser, still works with the code their app shows.
  const other = await browser.newContext()
  try {
    const own = await other.newPage()
    await own.goto(page.url())
    await signIn(own, victim)
  } finally {
    await other.close()
  }
})

test(`ConnectingFarcaster has no axe violations (light and dark): waiting and failed`, async ({ page }) => {
  test.setTimeout(90_000)
  const user = await registerFarcasterUser(E2E_RPC_URL, { username: 'axe' })
  await page.goto('/')
  const { dialog, url } = await openFarcaster(page)
  await expectAccessible(page, 'Farcaster')
  const { completion } = await farcasterApp(user).approve(url)
  await enterCode(dialog, completion === '000000' ? '000001' : '000000')
  await expect(dialog.getByRole('alert')).toHaveText(FAILED)
  await expectAccessible(page, 'Farcaster')
})

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true })

  test('no QR code (a phone cannot scan its own screen): Open Farcaster is the way in, and the approval connects', async ({
    page,
  }) => {
    test.setTimeout(90_000)
    const user = await registerFarcasterUser(E2E_RPC_URL, { username: 'phone' })
    await page.goto('/')
    const dialog = await openModal(page)
    await dialog
      .getByRole('region', { name: 'Social login' })
      .getByRole('button', { name: 'Farcaster', exact: true })
      .click()
    await expect(dialog.getByText('Continue in the Farcaster app')).toBeVisible()
    const open = dialog.getByRole('link', { name: 'Open Farcaster' })
    await expect(open).toHaveClass(/primary-button/)
    await expect(dialog.getByRole('figure')).toHaveCount(0)
    await expectAccessible(page, 'Farcaster')
    const approval = await farcasterApp(user).approve((await open.getAttribute('href')) ?? '')
    await enterCode(dialog, approval.completion)
    await expect(dialog).toBeHidden()
    await expect(accountButton(page)).toBeVisible()
  })
})

test(`Account → Export private key (light and dark): the frame draws the QR code and link; another fid's approval is refused, no key; Try again, the same fid approves and the wallet's key shows in the frame only; no axe violations`, async ({
  page,
}) => {
  test.setTimeout(150_000)
  const user = await registerFarcasterUser(E2E_RPC_URL, { username: 'export' })
  const other = await registerFarcasterUser(E2E_RPC_URL, { username: 'other' })
  await page.goto('/')
  await signIn(page, user)
  const address = await walletAddress(page)
  const frame = walletFrame(page)
  const link = async () =>
    (await frame.getByRole('link', { name: 'Open Farcaster' }).getAttribute('href')) ?? ''

  const dialog = await openModal(page)
  await dialog.getByRole('button', { name: 'Export private key' }).click()
  await expect(frame.getByRole('heading', { name: 'Export private key' })).toBeVisible()
  await expect(frame.getByText('approve in the Farcaster app as export')).toBeVisible()
  await expect(frame.getByRole('img', { name: 'QR code to approve in Farcaster' })).toBeVisible()
  await expect(frame.getByText('Waiting for Farcaster to approve…')).toBeVisible()
  expect(await frameViolations(page)).toEqual([])
  const first = await link()
  // The message names the page around the frame, as a sign-in's.
  expect(new URL(first).searchParams.get('domain')).toBe(new URL(page.url()).host)

  expect((await farcasterApp(other).approve(first)).status).toBe(201)
  await expect(frame.getByRole('alert')).toHaveText(FARCASTER_TEXTS.otherAccount)
  await expect(frame.getByRole('textbox', { name: 'Private key' })).toHaveCount(0)
  expect(await frameViolations(page)).toEqual([])

  await frame.getByRole('button', { name: 'Try again' }).click()
  await expect(frame.getByRole('alert')).toHaveCount(0)
  await expect.poll(link).not.toBe(first)
  expect((await farcasterApp(user).approve(await link())).status).toBe(201)
  await expectExportedKey(page, address)
  expect(await frameViolations(page)).toEqual([])
  await frame.getByRole('button', { name: 'Done' }).click()
  await expect(page.locator('iframe[title="Wallet"]')).toBeHidden()
})
