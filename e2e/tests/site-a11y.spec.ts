// The mint page itself; the modal (closed here) has its own suite, a11y.spec.ts.
import { HOST, pageViolations } from '../support/axe'
import { connect, expect, test } from '../support/fixtures'
import { chainReads } from '../support/offline'
import { E2E_RPC_URL } from '../support/ports'

test.describe('the mint page in the light and dark themes', () => {
  // Several whole-page axe runs per test.
  test.describe.configure({ timeout: 180_000 })

  test(`disconnected, connected, minting, minted, the holders' area: no axe violations (light and dark)`, async ({
    page,
    context,
    wallet,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    await page.goto('/')
    await expect(page.getByRole('img', { name: /^All-Access Pass #\d+$/ })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Connect wallet to mint' })).toBeVisible()
    expect(await pageViolations(page, [HOST])).toEqual([])

    await connect(page)
    await expect(page.getByRole('button', { name: 'Mint for 0.01 ETH' })).toBeVisible()
    expect(await pageViolations(page, [HOST])).toEqual([])

    const held = wallet.holdNext('eth_sendTransaction')
    await page.getByRole('button', { name: 'Mint for 0.01 ETH' }).click()
    await held.request
    await expect(page.getByText('Confirm the mint in your wallet…')).toBeVisible()
    expect(await pageViolations(page, [HOST])).toEqual([])
    await held.approve()

    await expect(page.getByText('Minted! Welcome aboard.')).toBeVisible()
    await page.getByRole('button', { name: 'Copy transaction hash' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Copied' })).toBeVisible()
    expect(await pageViolations(page, [HOST])).toEqual([])

    // The holders' area, signed in with a pass: its members-only content.
    const holders = page.getByRole('region', { name: 'Holders’ area' })
    await holders.getByRole('button', { name: 'Sign in' }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Sign', exact: true }).click()
    await expect(holders.getByRole('article')).toBeVisible()
    expect(await pageViolations(page, [HOST])).toEqual([])
  })

  test(`the error states: a rejected mint, the network down: no axe violations (light and dark)`, async ({
    page,
    installWallet,
  }) => {
    const wallet = await installWallet()
    await page.goto('/')
    await connect(page)
    wallet.rejectNext('eth_sendTransaction')
    await page.getByRole('button', { name: 'Mint for 0.01 ETH' }).click()
    await expect(page.getByRole('alert')).toHaveText(/You rejected the transaction/)
    expect(await pageViolations(page, [HOST])).toEqual([])

    await page.route(chainReads(E2E_RPC_URL), (route) => route.abort('connectionrefused'))
    await page.reload()
    await expect(page.getByText('Can’t load the pass: the network can’t be reached.')).toBeVisible()
    expect(await pageViolations(page, [HOST])).toEqual([])
  })

  test(`not enough ETH, with the devnet's advice: no axe violations (light and dark)`, async ({
    page,
    installWallet,
  }) => {
    const { generatePrivateKey } = await import('viem/accounts')
    await installWallet({ privateKey: generatePrivateKey() })
    await page.goto('/')
    await connect(page)
    await expect(page.getByRole('button', { name: 'Copy the cast command' })).toBeVisible()
    expect(await pageViolations(page, [HOST])).toEqual([])
  })
})

test('axe on the page can fail: the old error red (#e03131) on the dark background is flagged', async ({
  page,
}) => {
  await page.emulateMedia({ colorScheme: 'dark' })
  await page.route(chainReads(E2E_RPC_URL), (route) => route.abort('connectionrefused'))
  await page.goto('/')
  await expect(page.getByText('Can’t load the pass: the network can’t be reached.')).toBeVisible()
  await page.evaluate(() => document.documentElement.style.setProperty('--error', '#e03131'))
  expect(await pageViolations(page, [HOST])).toContainEqual(
    expect.stringMatching(/^dark: color-contrast: \.error/),
  )
})
