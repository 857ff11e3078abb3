import {
  DirectoryErrorText,
  IMAGE_PRELOAD_TIMEOUT_MS,
  SEARCH_DEBOUNCE_MS,
  SEARCH_RESULTS_MAX,
  WALLET_LIST_EAGER_IMAGES,
  WALLET_LIST_PAGE_SIZE,
} from '@allaccess/modal/testing'
import type { Locator, Page, Request } from '@playwright/test'
import { animationsSettled } from '../support/animations'
import { expect, openModal, test } from '../support/fixtures'
import { E2E_CLOUD_URL } from '../support/ports'

// The behaviour these tests check: docs/behaviour.md#all-wallets.

type Listing = { id: string; name: string }

/** The directory as the cloud serves it, asked directly (the site's project). */
async function cloudWallets(page: Page, query: string): Promise<{ data: Listing[]; count: number }> {
  const response = await page.request.get(`${E2E_CLOUD_URL}/getWallets?projectId=allaccess-local&${query}`)
  expect(response.ok()).toBe(true)
  return response.json()
}

const isDirectoryRequest = (request: Request) => new URL(request.url()).pathname === '/getWallets'
const params = (request: Request) => new URL(request.url()).searchParams

/** Opens the modal, then All Wallets from the Connect view; returns the dialog and its grid. */
async function openAllWallets(page: Page): Promise<{ dialog: Locator; grid: Locator }> {
  await page.goto('/')
  const dialog = await openModal(page)
  await dialog.getByRole('button', { name: 'All Wallets' }).click()
  await expect(dialog).toHaveAccessibleName('All Wallets')
  return { dialog, grid: dialog.getByRole('grid', { name: 'All wallets' }) }
}

const tileNames = (grid: Locator) =>
  grid
    .getByRole('gridcell')
    .evaluateAll((cells) => cells.map((cell) => cell.querySelector('.wallet-tile-name')?.textContent ?? ''))

test('All Wallets: the first page is 40 wallets from the cloud, in featured order', async ({ page }) => {
  const firstPage = page.waitForRequest(
    (request) =>
      isDirectoryRequest(request) && params(request).get('entries') === String(WALLET_LIST_PAGE_SIZE),
  )
  const { grid } = await openAllWallets(page)
  const request = await firstPage
  expect(params(request).get('page')).toBe('1')
  const answer = (await (await request.response())?.json()) as { data: Listing[]; count: number }
  expect(answer.data).toHaveLength(WALLET_LIST_PAGE_SIZE)

  const featured = await cloudWallets(page, `page=1&entries=${WALLET_LIST_PAGE_SIZE}`)
  expect(answer.data.map((wallet) => wallet.id)).toEqual(featured.data.map((wallet) => wallet.id))
  expect(featured.count).toBeGreaterThanOrEqual(1000)
  await expect(grid.getByRole('gridcell').first()).toHaveText('MetaMask')
  const shown = await tileNames(grid)
  expect(shown.length).toBeGreaterThanOrEqual(16)
  expect(shown).toEqual(featured.data.slice(0, shown.length).map((wallet) => wallet.name))
  // Four tiles a row; the grid tells assistive technology how many rows the whole directory has.
  await expect(grid).toHaveAttribute('aria-rowcount', String(Math.ceil(featured.count / 4)))

  // The 40th wallet is reachable by scrolling, without a second page yet being needed to show it.
  const fortieth = featured.data[WALLET_LIST_PAGE_SIZE - 1]?.name ?? ''
  await grid.evaluate((element) => element.scrollTo({ top: 9 * 104 }))
  await expect(grid.getByRole('gridcell', { name: fortieth, exact: true })).toBeVisible()
})

test('All Wallets: scrolling loads the next pages; the grid is virtualized over all 1,000+ wallets', async ({
  page,
}) => {
  // Some 25 pages, each a round trip to the cloud after the scroll that asks for it: long on a busy machine.
  test.slow()
  const pages: string[] = []
  page.on('request', (request) => {
    if (
      isDirectoryRequest(request) &&
      !params(request).has('search') &&
      params(request).get('entries') === '40'
    )
      pages.push(params(request).get('page') ?? '')
  })
  const { grid } = await openAllWallets(page)
  await expect(grid.getByRole('gridcell').first()).toBeVisible()
  expect(pages).toEqual(['1'])

  const { count } = await cloudWallets(page, 'entries=1')
  const last = (await cloudWallets(page, `entries=1&page=${count}`)).data[0]?.name ?? ''
  const lastTile = grid.getByRole('gridcell', { name: last, exact: true })
  // Scroll to the end again and again: each time the next page arrives the list grows, until the last wallet.
  const totalPages = Math.ceil(count / WALLET_LIST_PAGE_SIZE)
  for (let round = 0; round <= totalPages && !(await lastTile.isVisible()); round++) {
    const height = await grid.evaluate((element) => element.scrollHeight)
    await grid.evaluate((element) => element.scrollTo({ top: element.scrollHeight }))
    await expect
      .poll(
        async () =>
          (await lastTile.isVisible()) || (await grid.evaluate((element) => element.scrollHeight)) > height,
        { intervals: [50] },
      )
      .toBe(true)
  }
  await expect(lastTile).toBeVisible()
  expect(pages).toEqual(Array.from({ length: totalPages }, (_, index) => String(index + 1)))

  const inDom = await grid.getByRole('gridcell').count()
  expect(inDom).toBeGreaterThan(0)
  expect(inDom).toBeLessThan(60)
  const scrollHeight = await grid.evaluate((element) => element.scrollHeight)
  expect(scrollHeight).toBeGreaterThanOrEqual(Math.ceil(count / 4) * 104)
})

test('All Wallets: images of the first 20 come with the page, the rest only as they scroll into view', async ({
  page,
}) => {
  const images: string[] = []
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (url.pathname.startsWith('/getWalletImage/'))
      images.push(decodeURIComponent(url.pathname.split('/')[2] ?? ''))
  })
  const { grid } = await openAllWallets(page)
  const featured = await cloudWallets(page, `page=1&entries=${WALLET_LIST_PAGE_SIZE}`)
  const ids = featured.data.map((wallet) => (wallet as Listing & { image_id: string }).image_id)
  await expect(grid.locator('img').first()).toBeVisible()
  await expect
    .poll(() => ids.slice(0, WALLET_LIST_EAGER_IMAGES).every((id) => images.includes(id)))
    .toBe(true)
  // Page 1 holds 40, but the last rows are not rendered yet: their images are not fetched.
  const lastOfPage = ids.slice(-8)
  expect(lastOfPage.filter((id) => images.includes(id))).toEqual([])
  await grid.evaluate((element) => element.scrollTo({ top: 9 * 104 }))
  await expect.poll(() => lastOfPage.every((id) => images.includes(id))).toBe(true)
})

test('All Wallets: a failing or slow image shows a monogram tile after at most 2 s', async ({ page }) => {
  let release: () => void = () => {}
  const hold = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route('**/getWalletImage/**', async (route) => {
    if (route.request().url().includes('/metamask')) return route.abort()
    await hold // every other image hangs past the preload time-out
    await route.abort().catch(() => {})
  })
  const { grid } = await openAllWallets(page)
  const metamask = grid.getByRole('gridcell', { name: 'MetaMask', exact: true })
  await expect(metamask.getByText('ME', { exact: true })).toBeVisible()
  const trust = grid.getByRole('gridcell', { name: 'Trust Wallet', exact: true })
  const started = Date.now()
  await expect(trust.getByText('TW', { exact: true })).toBeVisible({
    timeout: IMAGE_PRELOAD_TIMEOUT_MS + 4_000,
  })
  // Generous on purpose (a loaded CI machine delays timers): the fallback comes from the 2 s time-out, not never.
  expect(Date.now() - started).toBeLessThan(IMAGE_PRELOAD_TIMEOUT_MS + 3_000)
  await expect(grid.locator('img')).toHaveCount(0)
  release()
})

test('All Wallets search: one request 300 ms after quick typing, up to 100 results', async ({ page }) => {
  // The page's clock is the test's: a loaded machine's slow key presses can't pass for pauses, nor blur the 300 ms.
  await page.clock.install()
  const { dialog, grid } = await openAllWallets(page)
  await expect(grid.getByRole('gridcell').first()).toBeVisible()
  const searches: { term: string; entries: string }[] = []
  page.on('request', (request) => {
    if (isDirectoryRequest(request) && params(request).has('search'))
      searches.push({
        term: params(request).get('search') ?? '',
        entries: params(request).get('entries') ?? '',
      })
  })
  const search = dialog.getByRole('searchbox', { name: 'Search wallets' })
  await expect(search).toBeFocused()
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000)
  const searched = page.waitForRequest(
    (request) => isDirectoryRequest(request) && params(request).has('search'),
  )
  await search.pressSequentially('wallet 00')
  await page.clock.runFor(SEARCH_DEBOUNCE_MS - 1)
  expect(searches, 'requests before the debounce ends').toEqual([])
  await page.clock.runFor(1)
  await searched
  await page.clock.resume()
  await expect(grid.getByRole('gridcell').first()).toHaveText(/wallet 00/i)
  expect(searches).toEqual([{ term: 'wallet 00', entries: String(SEARCH_RESULTS_MAX) }])
  for (const name of await tileNames(grid)) expect(name.toLowerCase()).toContain('wallet 00')
  await expect(dialog.getByRole('status').filter({ hasText: /wallets found/ })).toHaveText(
    `${(await cloudWallets(page, 'search=wallet%2000')).count} wallets found`,
  )

  // Clearing the box shows the whole directory again, from memory.
  await search.fill('')
  await expect(grid.getByRole('gridcell').first()).toHaveText('MetaMask')
  expect(searches).toHaveLength(1)
})

test('All Wallets search: a term that matches nothing says "No wallets found"', async ({ page }) => {
  const { dialog } = await openAllWallets(page)
  await dialog.getByRole('searchbox', { name: 'Search wallets' }).fill('zzz no such wallet')
  await expect(dialog.getByRole('status').filter({ hasText: DirectoryErrorText.noWallets })).toBeVisible()
  await expect(dialog.getByRole('grid')).toHaveCount(0)
})

test('All Wallets search: no results keep the dialog where it was and as big (the empty state fills the grid’s place)', async ({
  page,
}) => {
  const { dialog, grid } = await openAllWallets(page)
  await expect(grid.getByRole('gridcell').first()).toBeVisible()
  await animationsSettled(dialog)
  const before = await dialog.boundingBox()
  await dialog.getByRole('searchbox', { name: 'Search wallets' }).fill('zzz no such wallet')
  const empty = dialog.getByRole('status').filter({ hasText: DirectoryErrorText.noWallets })
  await expect(empty).toBeVisible()
  await animationsSettled(dialog)
  expect(await dialog.boundingBox()).toEqual(before)
  // The message sits in the middle of the grid's place, not at its top.
  const [message, frame] = [await empty.boundingBox(), await dialog.boundingBox()]
  expect(message && frame && message.y - frame.y).toBeGreaterThan(200)
})

test('All Wallets: a cloud error shows a clear message and a retry that recovers', async ({ page }) => {
  await page.route('**/getWallets?**', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ message: 'Directory down for maintenance' }),
    }),
  )
  const { dialog } = await openAllWallets(page)
  const alert = dialog.getByRole('alert')
  await expect(alert).toContainText(DirectoryErrorText.loadFailed)
  await expect(alert).toContainText('Directory down for maintenance')
  await page.unroute('**/getWallets?**')
  await alert.getByRole('button', { name: 'Try again' }).click()
  await expect(dialog.getByRole('grid', { name: 'All wallets' }).getByRole('gridcell').first()).toHaveText(
    'MetaMask',
  )
  await expect(dialog.getByRole('alert')).toHaveCount(0)
})

test('All Wallets: an unreachable cloud during search is an error with retry, never a crash', async ({
  page,
}) => {
  const { dialog, grid } = await openAllWallets(page)
  await expect(grid.getByRole('gridcell').first()).toBeVisible()
  await page.route('**/getWallets?**', (route) => route.abort('connectionrefused'))
  await dialog.getByRole('searchbox', { name: 'Search wallets' }).fill('rain')
  await expect(dialog.getByRole('alert')).toContainText(DirectoryErrorText.loadFailed)
  await page.unroute('**/getWallets?**')
  await dialog.getByRole('button', { name: 'Try again' }).click()
  await expect(grid.getByRole('gridcell', { name: 'Rainbow', exact: true })).toBeVisible()
})

test('All Wallets keyboard: arrows move through the grid, Enter opens "Get <wallet>" with its store links', async ({
  page,
}) => {
  const { dialog, grid } = await openAllWallets(page)
  const featured = (await cloudWallets(page, `page=1&entries=${WALLET_LIST_PAGE_SIZE}`)).data
  const tile = (index: number) => grid.getByRole('button', { name: featured[index]?.name ?? '', exact: true })
  await expect(tile(0)).toBeVisible()
  await page.keyboard.press('ArrowDown') // from the search box into the grid
  await expect(tile(0)).toBeFocused()
  await page.keyboard.press('ArrowRight')
  await expect(tile(1)).toBeFocused()
  await page.keyboard.press('ArrowDown')
  await expect(tile(5)).toBeFocused()
  await page.keyboard.press('End')
  await expect(tile(7)).toBeFocused()
  await page.keyboard.press('ArrowLeft')
  await expect(tile(6)).toBeFocused()
  // Ctrl+End reaches the last loaded tile, far outside the rendered rows: the grid scrolls it in.
  await page.keyboard.press('Control+End')
  await expect(tile(WALLET_LIST_PAGE_SIZE - 1)).toBeFocused()
  await page.keyboard.press('Control+Home')
  await expect(tile(0)).toBeFocused()
  // One tab stop: Tab leaves the grid instead of walking its tiles.
  await expect(grid.locator('button[tabindex="0"]')).toHaveCount(1)

  await page.keyboard.press('ArrowRight')
  await page.keyboard.press('Enter')
  const name = featured[1]?.name ?? ''
  // A wallet that is not installed pairs by WalletConnect; its Get page is one click further.
  await expect(dialog).toHaveAccessibleName(name)
  await dialog.getByRole('button', { name: `Get ${name}` }).click()
  await expect(dialog).toHaveAccessibleName(`Get ${name}`)
  await expect(dialog.getByText(`${name} is not installed in this browser.`)).toBeVisible()
  const links = dialog.getByRole('list', { name: `Get ${name}` }).getByRole('link')
  await expect(links).toHaveText([/Chrome Web Store/, /App Store/, /Google Play/, /Website/])
  for (const link of await links.all()) {
    await expect(link).toHaveAttribute('target', '_blank')
    await expect(link).toHaveAttribute('rel', /noopener/)
    await expect(link).toHaveAttribute('href', /^https:\/\//)
  }
  await dialog.getByRole('button', { name: 'Back' }).click()
  await expect(dialog).toHaveAccessibleName(name)
  await dialog.getByRole('button', { name: 'Back' }).click()
  await expect(dialog).toHaveAccessibleName('All Wallets')
  await expect(grid.getByRole('gridcell').first()).toHaveText('MetaMask')
})

test('All Wallets: an installed directory wallet is marked, listed first and connects through its connector', async ({
  page,
  installWallet,
}) => {
  // The scripted wallet announces itself as MetaMask (rdns io.metamask), which the directory lists.
  await installWallet({ rdns: 'io.metamask', name: 'MetaMask' })
  const { dialog, grid } = await openAllWallets(page)
  const first = grid.getByRole('gridcell').first()
  await expect(first).toHaveText(/MetaMask\s*Installed/)
  await first.getByRole('button').click()
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('banner').getByRole('button', { name: /0x/ })).toBeVisible()
})
