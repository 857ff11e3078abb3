import { DirectoryErrorText, FEATURED_PAGE_SIZE, RETRY_GAP_MS } from '@allaccess/modal/testing'
import { serveSiteFromDisallowedOrigin } from '../support/elsewhere'
import { connect, expect, modal, openModal, test } from '../support/fixtures'

// The behaviour these tests check: docs/behaviour.md#wallet-picker, docs/behaviour.md#configuration-and-alerts.

const walletRows = (page: Parameters<typeof modal>[0]) =>
  modal(page).getByRole('list', { name: 'Wallets' }).getByRole('button')

test('Wallet picker: sections are ordered by type: walletConnect, then installed wallets, then the featured wallets from the directory in their order, then All Wallets', async ({
  page,
  wallet: _wallet,
}) => {
  await page.goto('/')
  await openModal(page)
  const rows = walletRows(page)
  await expect(rows.filter({ hasText: 'Testkit Wallet' })).toHaveText(/Testkit Wallet\s*Installed/)
  await expect(rows).toHaveText([
    /WalletConnect\s*QR code/,
    /Testkit Wallet/,
    'MetaMask',
    'Rabby Wallet',
    'Rainbow',
    'Coinbase Wallet',
  ])
  await expect(modal(page).getByRole('button', { name: 'All Wallets' })).toBeVisible()
})

test.describe('at 1280 × 800', () => {
  test.use({ viewport: { width: 1280, height: 800 } })

  test(`Featured/recommended page size: the Connect view lists at most ${FEATURED_PAGE_SIZE} directory wallets, so All Wallets shows without scrolling`, async ({
    page,
    wallet: _wallet,
  }) => {
    await page.goto('/')
    await openModal(page)
    // The site features 4 wallets and the directory recommends more: only the featured 4 are listed.
    await expect(walletRows(page)).toHaveCount(2 + FEATURED_PAGE_SIZE)
    await expect(modal(page).getByRole('button', { name: 'All Wallets' })).toBeInViewport({ ratio: 1 })
  })

  test(`Featured/recommended page size: a featured wallet the browser has leaves its place to a recommended one, still ${FEATURED_PAGE_SIZE} in all`, async ({
    page,
    installWallet,
  }) => {
    // The extension is MetaMask itself: listed once, as installed, and the directory's first recommendation follows the other featured wallets.
    await installWallet({ name: 'MetaMask', rdns: 'io.metamask' })
    await page.goto('/')
    await openModal(page)
    const rows = walletRows(page)
    await expect(rows).toHaveText([
      /WalletConnect/,
      /MetaMask\s*Installed/,
      'Rabby Wallet',
      'Rainbow',
      'Coinbase Wallet',
      /.+/,
    ])
    await expect(rows.filter({ hasText: 'MetaMask' })).toHaveCount(1)
    await expect(modal(page).getByRole('button', { name: 'All Wallets' })).toBeInViewport({ ratio: 1 })
  })
})

test('Recent wallets: the wallet used last is listed first after WalletConnect, marked Recent, after a disconnect and a reload', async ({
  page,
  wallet,
}) => {
  await page.goto('/')
  await connect(page)
  await page.getByRole('banner').getByRole('button', { name: /0x/ }).click()
  await modal(page).getByRole('button', { name: 'Disconnect' }).click()
  await page.reload()
  await openModal(page)
  await expect(walletRows(page).nth(1)).toHaveText(/Testkit Wallet\s*Recent/)
  const recent = walletRows(page).filter({ hasText: 'Testkit Wallet' })
  await expect(recent).toHaveCount(1)
  await recent.click()
  await expect(modal(page)).toBeHidden()
  await expect(
    page.getByRole('banner').getByRole('button', { name: new RegExp(wallet.address.slice(0, 6)) }),
  ).toBeVisible()
})

test(`installed wallets are marked Installed (visible, and in the button's name), a recent one too; directory wallets the browser lacks are not`, async ({
  page,
  wallet: _wallet,
}) => {
  await page.goto('/')
  await openModal(page)
  const installed = walletRows(page).filter({ hasText: 'Testkit Wallet' })
  await expect(installed).toHaveAccessibleName('Testkit Wallet Installed')
  await expect(installed.getByText('Installed', { exact: true })).toBeVisible()
  await expect(walletRows(page).filter({ hasText: 'MetaMask' })).toHaveAccessibleName('MetaMask')

  // Used once, it comes back as a recent wallet: still installed, and marked so.
  await installed.click()
  await expect(modal(page)).toBeHidden()
  await page.getByRole('banner').getByRole('button', { name: /0x/ }).click()
  await modal(page).getByRole('button', { name: 'Disconnect' }).click()
  await page.reload()
  await openModal(page)
  const recent = walletRows(page).filter({ hasText: 'Testkit Wallet' })
  await expect(recent).toHaveAccessibleName('Testkit Wallet Recent Installed')
  await expect(recent.getByText('Installed', { exact: true })).toBeVisible()
})

test('the directory out of reach: the installed wallet is listed with a note that the list is incomplete; the next open after it answers again lists its wallets, without the note', async ({
  page,
  wallet: _wallet,
}) => {
  await page.route('**/getWallets?**', (route) => route.abort('connectionrefused'))
  await page.goto('/')
  const dialog = await openModal(page)
  await expect(walletRows(page).filter({ hasText: 'Testkit Wallet' })).toBeVisible()
  await expect(dialog.getByRole('status').filter({ hasText: DirectoryErrorText.incomplete })).toBeVisible()
  await expect(dialog.getByRole('button', { name: 'MetaMask' })).toBeHidden()

  await page.unroute('**/getWallets?**')
  await page.keyboard.press('Escape')
  // The picker asks a failed directory again on a later open, no sooner than the retry gap.
  await page.waitForTimeout(RETRY_GAP_MS)
  await openModal(page)
  await expect(dialog.getByRole('button', { name: 'MetaMask' })).toBeVisible()
  await expect(dialog.getByText(DirectoryErrorText.incomplete)).toHaveCount(0)
})

test("a slow directory: the first open shows the Connect view with its wallets, so no button moves under the pointer (a click landing as it moved did nothing: social.spec's Google once)", async ({
  page,
}) => {
  await page.route('**/getWallets?**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_000))
    await route.continue()
  })
  await page.goto('/')
  const dialog = await openModal(page)
  const google = dialog.getByRole('button', { name: 'Google', exact: true })
  await expect(google).toBeVisible()
  const shown = await google.boundingBox()
  await expect(dialog.getByRole('button', { name: 'MetaMask' })).toBeVisible()
  expect(await google.boundingBox()).toEqual(shown)
})

test('Invalid Project ID: the cloud refusing the project id raises the alert in the modal', async ({
  page,
}) => {
  // The real cloud answers: only the project id in the request is changed to one it does not know.
  await page.route('**/projects/v1/origins?*', (route) => {
    const url = new URL(route.request().url())
    url.searchParams.set('projectId', 'no-such-project')
    return route.continue({ url: url.toString() })
  })
  await page.goto('/')
  await openModal(page)
  const alert = modal(page).getByRole('alert')
  await expect(alert).toContainText('Invalid Project ID')
  await expect(alert).toContainText('Check the projectId')
})

for (const [status, message, title] of [
  [403, 'Unauthorized: origin not allowed', 'Origin Not Allowed'],
  [429, 'Please try again after 30 seconds', 'Rate Limited'],
  [503, 'Service Unavailable', 'Server Error'],
] as const) {
  test(`${title}: an origins answer of ${status} raises the alert, and wallets still connect`, async ({
    page,
    wallet: _wallet,
  }) => {
    // Loopback origins are always allowed by the real cloud, so its refusal is replayed here as it sends it.
    await page.route('**/projects/v1/origins?*', (route) =>
      route.fulfill({ status, json: { message }, headers: { 'access-control-allow-origin': '*' } }),
    )
    await page.goto('/')
    await openModal(page)
    await expect(modal(page).getByRole('alert')).toContainText(title)
    if (status === 403)
      await expect(modal(page).getByRole('alert')).toContainText('allow list in the project dashboard')
    await walletRows(page).filter({ hasText: 'Testkit Wallet' }).click()
    await expect(modal(page)).toBeHidden()
  })
}

test("Origin Not Allowed from the real cloud: a page outside the project's allow list hears so when the modal opens, and installed wallets still connect", async ({
  page,
  wallet: _wallet,
}) => {
  const elsewhere = await serveSiteFromDisallowedOrigin(page)
  await page.goto(`${elsewhere}/`)
  await openModal(page)
  const alert = modal(page).getByRole('alert')
  await expect(alert).toContainText('Origin Not Allowed')
  await expect(alert).toContainText('allow list in the project dashboard')
  await walletRows(page).filter({ hasText: 'Testkit Wallet' }).click()
  await expect(modal(page)).toBeHidden()
})

test('Unverified Domain: a project that accepts any origin, with none naming this site, raises the alert', async ({
  page,
}) => {
  // What the cloud answers for a project whose allow list is only `*`.
  await page.route('**/projects/v1/origins?*', (route) =>
    route.fulfill({ json: { allowedOrigins: ['*'] }, headers: { 'access-control-allow-origin': '*' } }),
  )
  await page.goto('/')
  await openModal(page)
  await expect(modal(page).getByRole('alert')).toContainText('Unverified Domain')
})
