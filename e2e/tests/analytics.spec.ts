import type { Page, Request } from '@playwright/test'
import { newProject, type StoredEvent, storedEvents } from '../support/cloudAdmin'
import { connect, expect, openModal, test } from '../support/fixtures'
import { gotoOptionsPage } from '../support/optionsPage'

// The behaviour these tests check: docs/behaviour.md#analytics. Each test has a project of its own, so what the
// cloud stored for it is this test's alone.

const ANALYTICS_PATHS = ['/getAnalyticsConfig', '/e', '/batch']
/** The error reports one page sends in a minute at most (docs/behaviour.md#analytics). */
const ERROR_REPORTS_PER_MINUTE = 5

/** Every analytics request the page makes, by path, with the events its body carries. */
function recordAnalytics(page: Page) {
  const sent: { path: string; events: StoredEvent['props'][] }[] = []
  page.on('request', (request: Request) => {
    const path = new URL(request.url()).pathname
    if (!ANALYTICS_PATHS.includes(path)) return
    const body = request.postData()
    const parsed = body
      ? (JSON.parse(body) as { props: StoredEvent['props'] } | { props: StoredEvent['props'] }[])
      : []
    sent.push({ path, events: (Array.isArray(parsed) ? parsed : [parsed]).map((event) => event.props) })
  })
  return sent
}

/** The connect flow of the testkit wallet (the test's `wallet`): open, pick it, connected (the modal closes). */
async function connectFlow(page: Page) {
  await connect(page)
  // What waits for companions (1 s) leaves, and so does what the page still holds when it is hidden.
  await page.waitForTimeout(1500)
  await page.goto('about:blank')
}

test("the connect flow's events reach the cloud's table", async ({ page, wallet: _wallet }) => {
  const projectId = await newProject(true)
  await gotoOptionsPage(page, {}, { projectId })
  await connectFlow(page)
  await expect
    .poll(async () => (await storedEvents(projectId)).map((event) => event.props.event), { timeout: 15_000 })
    // One batch: the events are stored together, their order in the table is the cloud's.
    .toEqual(expect.arrayContaining(['MODAL_OPEN', 'SELECT_WALLET', 'CONNECT_SUCCESS', 'MODAL_CLOSE']))
  const stored = await storedEvents(projectId)
  expect(stored).toHaveLength(4)
  const named = (event: string) => stored.find((stored) => stored.props.event === event)?.props
  expect(named('SELECT_WALLET')).toMatchObject({ type: 'track', properties: { name: 'Testkit Wallet' } })
  expect(named('CONNECT_SUCCESS')).toMatchObject({ type: 'track', properties: { name: 'Testkit Wallet' } })
})

test('a site that opts out (features.analytics false) asks and sends nothing, not even the config', async ({
  page,
  wallet: _wallet,
}) => {
  const projectId = await newProject(true)
  const sent = recordAnalytics(page)
  await gotoOptionsPage(page, { features: { analytics: false } }, { projectId })
  await connectFlow(page)
  expect(sent).toEqual([])
  expect(await storedEvents(projectId)).toEqual([])
})

test('a project whose analytics are off: the page asks the config once and sends no event', async ({
  page,
  wallet: _wallet,
}) => {
  const projectId = await newProject(false)
  const sent = recordAnalytics(page)
  await gotoOptionsPage(page, {}, { projectId })
  await connectFlow(page)
  expect(sent).toEqual([{ path: '/getAnalyticsConfig', events: [] }])
  expect(await storedEvents(projectId)).toEqual([])
})

test(`error reports stop at ${ERROR_REPORTS_PER_MINUTE} a minute: eight failing wallet searches send five`, async ({
  page,
}) => {
  const projectId = await newProject(true)
  const sent = recordAnalytics(page)
  // The directory's search fails every time (the cloud's answer replaced by a 500).
  await page.route(
    (url) => url.pathname === '/getWallets' && url.searchParams.has('search'),
    (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"down"}' }),
  )
  await gotoOptionsPage(page, {}, { projectId })
  const dialog = await openModal(page)
  await dialog.getByRole('button', { name: 'All Wallets' }).click()
  const search = dialog.getByRole('searchbox', { name: 'Search wallets' })
  for (let attempt = 0; attempt < 8; attempt++) {
    const failed = page.waitForResponse(
      (response) => new URL(response.url()).searchParams.get('search') === `nothing ${attempt}`,
    )
    await search.fill(`nothing ${attempt}`)
    await failed
  }
  await page.waitForTimeout(1500)
  await page.goto('about:blank')
  const reports = (events: StoredEvent['props'][]) => events.filter((event) => event.type === 'error')
  expect(sent.flatMap(({ events }) => reports(events))).toHaveLength(ERROR_REPORTS_PER_MINUTE)
  await expect
    .poll(async () => (await storedEvents(projectId)).filter((event) => event.isError).length, {
      timeout: 15_000,
    })
    .toBe(ERROR_REPORTS_PER_MINUTE)
  expect(reports(sent.flatMap(({ events }) => events))[0]).toMatchObject({
    event: 'ERROR',
    properties: { context: 'directory' },
  })
})
