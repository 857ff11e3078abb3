// Long because it walks every modal view through axe in both themes with one set of fixtures; the e-mail, social,
// swap and account views have their own files.
import {
  ANIMATION_HEADER_TEXT_MS,
  ANIMATION_MODAL_HEIGHT_MS,
  ANIMATION_VIEW_TRANSITION_MS,
  DirectoryErrorText,
  SHAKE_MS,
} from '@allaccess/modal/testing'
import type { InjectedWallet } from '@allaccess/testkit'
import type { Page } from '@playwright/test'
import { axeViolations, expectAccessible, HOST } from '../support/axe'
import {
  accountShown,
  connect,
  expect,
  MAINNET_ID,
  modal,
  openModal,
  pairingLink,
  test,
} from '../support/fixtures'
import { gotoOptionsPage, OPTIONS_PAGE_URL } from '../support/optionsPage'
import { relaySocketsNameProject } from '../support/relay'

// The behaviour these tests check: docs/behaviour.md#views.

test.describe('axe, in the light and dark themes (the system colour scheme, switched live at each view)', () => {
  test(`Modal views: Connect and ConnectingExternal (waiting, rejected) have no axe violations (light and dark)`, async ({
    page,
    wallet,
  }) => {
    await page.goto('/')
    const dialog = await openModal(page)
    await expectAccessible(page, 'Connect Wallet')

    const held = wallet.holdNext()
    await dialog.getByRole('button', { name: 'Testkit Wallet' }).click()
    await held.request
    await expect(dialog.getByText('Continue in Testkit Wallet')).toBeVisible()
    await expectAccessible(page, 'Testkit Wallet')

    await held.reject()
    await expect(dialog.getByRole('alert').filter({ hasText: 'Connection rejected' })).toBeVisible()
    await expectAccessible(page, 'Testkit Wallet')
  })

  test(`legal checkbox: Connect with its wallets held back, then accepted, has no axe violations (light and dark)`, async ({
    page,
    wallet: _wallet,
  }) => {
    await gotoOptionsPage(page, {
      features: { legalCheckbox: true },
      termsConditionsUrl: `${OPTIONS_PAGE_URL}terms`,
      privacyPolicyUrl: `${OPTIONS_PAGE_URL}privacy`,
    })
    const dialog = await openModal(page)
    await expect(dialog.getByRole('button', { name: 'MetaMask' })).toBeDisabled()
    await expectAccessible(page, 'Connect Wallet')
    await dialog.getByRole('checkbox').check()
    await expect(dialog.getByRole('button', { name: 'MetaMask' })).toBeEnabled()
    await expectAccessible(page, 'Connect Wallet')
  })

  test(`collapse wallets with the legal checkbox: 'Continue with a wallet' and the wallet list it opens have no axe violations (light and dark)`, async ({
    page,
    wallet: _wallet,
  }) => {
    await gotoOptionsPage(page, {
      features: { legalCheckbox: true, collapseWallets: true },
      termsConditionsUrl: `${OPTIONS_PAGE_URL}terms`,
    })
    const dialog = await openModal(page)
    const proceed = dialog.getByRole('button', { name: 'Continue with a wallet' })
    await expect(proceed).toBeDisabled()
    await expectAccessible(page, 'Connect Wallet')
    await dialog.getByRole('checkbox').check()
    await proceed.click()
    await expect(dialog.getByRole('button', { name: 'MetaMask' })).toBeEnabled()
    await expectAccessible(page, 'Connect Wallet')
  })

  test(`the directory out of reach: Connect with its note that the list is incomplete has no axe violations (light and dark)`, async ({
    page,
    wallet: _wallet,
  }) => {
    await page.route('**/getWallets?**', (route) => route.abort('connectionrefused'))
    await page.goto('/')
    const dialog = await openModal(page)
    await expect(dialog.getByText(DirectoryErrorText.incomplete)).toBeVisible()
    await expectAccessible(page, 'Connect Wallet')
  })

  test(`Wallet picker: AllWallets (listing, searching, no results) and a wallet's Get page have no axe violations (light and dark)`, async ({
    page,
    wallet: _wallet,
  }) => {
    test.slow() // four views and states, each analysed by axe
    await page.goto('/')
    const dialog = await openModal(page)
    await dialog.getByRole('button', { name: 'All Wallets' }).click()
    await expect(dialog.getByRole('button', { name: 'MetaMask' })).toBeVisible()
    await expectAccessible(page, 'All Wallets')
    await dialog.getByRole('searchbox').fill('Rain')
    await expect(dialog.getByRole('button', { name: 'Rainbow' })).toBeVisible()
    await expectAccessible(page, 'All Wallets')
    await dialog.getByRole('searchbox').fill('zzz no such wallet')
    await expect(dialog.getByRole('status').filter({ hasText: DirectoryErrorText.noWallets })).toBeVisible()
    await expectAccessible(page, 'All Wallets')

    await dialog.getByRole('searchbox').fill('Trust')
    await dialog.getByRole('button', { name: 'Trust Wallet', exact: true }).click()
    await dialog.getByRole('button', { name: 'Get Trust Wallet' }).click()
    await expect(dialog.getByText('Trust Wallet is not installed in this browser.')).toBeVisible()
    await expectAccessible(page, 'Get Trust Wallet')
  })

  test(`WalletConnect: the QR view and a directory wallet's pairing view have no axe violations (light and dark)`, async ({
    page,
  }) => {
    // Two pairings and two axe runs: slow on a busy machine.
    test.slow()
    await page.goto('/')
    const dialog = await openModal(page)
    await dialog.getByRole('button', { name: /^WalletConnect/ }).click()
    await pairingLink(dialog)
    await expectAccessible(page, 'WalletConnect')

    await dialog.getByRole('button', { name: 'Back', exact: true }).click()
    await dialog.getByRole('button', { name: 'All Wallets' }).click()
    await dialog.getByRole('grid', { name: 'All wallets' }).getByRole('button', { name: 'Rainbow' }).click()
    await pairingLink(dialog)
    await expectAccessible(page, 'Rainbow')
  })

  test(`WalletConnect refused by the relay: the failed pairing view with its alert has no axe violations (light and dark)`, async ({
    page,
  }) => {
    await relaySocketsNameProject(page, 'no-such-project')
    await page.goto('/')
    const dialog = await openModal(page)
    await dialog.getByRole('button', { name: /^WalletConnect/ }).click()
    // The provider's first load can take seconds on a busy machine.
    await expect(dialog.getByRole('alert').filter({ hasText: 'Invalid Project ID' })).toBeVisible({
      timeout: 30_000,
    })
    await expect(dialog.getByRole('button', { name: 'Try again' })).toBeVisible()
    await expectAccessible(page, 'WalletConnect')
  })

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true })

    test(`WalletConnect on a phone: a wallet's app-first pairing view has no axe violations (light and dark)`, async ({
      page,
    }) => {
      await page.goto('/')
      const dialog = await openModal(page)
      await dialog.getByRole('button', { name: /^WalletConnect/ }).click()
      await dialog.getByRole('grid', { name: 'All wallets' }).getByRole('button', { name: 'Rainbow' }).click()
      await expect(dialog.getByRole('link', { name: 'Open Rainbow' })).toBeVisible()
      await expectAccessible(page, 'Rainbow')
    })
  })

  test(`Account modal: Account, with and without a banner, has no axe violations (light and dark)`, async ({
    page,
    context,
    wallet: _wallet,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    await page.goto('/')
    await connect(page)
    const dialog = await openModal(page)
    await accountShown(dialog)
    await expectAccessible(page, 'Account')
    await dialog.getByRole('button', { name: 'Copy address' }).click()
    await expect(dialog.getByRole('status').filter({ hasText: 'Address copied' })).toBeVisible()
    await expectAccessible(page, 'Account')
  })

  test(`Network switch: UnsupportedChain, SwitchNetwork and a rejected switch have no axe violations (light and dark)`, async ({
    page,
    installWallet,
  }) => {
    const wallet = await installWallet({ initialChainId: MAINNET_ID })
    await page.goto('/')
    const dialog = await openModal(page)
    await dialog.getByRole('button', { name: 'Testkit Wallet' }).click()
    await expect(dialog.getByRole('heading', { name: 'Switch Network' })).toBeVisible()
    await expectAccessible(page, 'Switch Network')

    const held = wallet.holdNext('wallet_switchEthereumChain')
    await dialog.getByRole('button', { name: 'Local devnet' }).click()
    await held.request
    await expect(dialog.getByText('Approve in wallet')).toBeVisible()
    await expectAccessible(page, 'Local devnet')

    await held.reject()
    await expect(dialog.getByRole('alert')).toHaveText('Network switch rejected')
    await expectAccessible(page, 'Switch Network')
  })
})

test('axe analyses inside the shadow root: a poor contrast set through a theme variable is flagged', async ({
  page,
  wallet: _wallet,
}) => {
  await page.goto('/')
  await openModal(page)
  // Settled and clean first, so what axe finds next comes from the variable alone, not from a view still moving in.
  await expectAccessible(page, 'Connect Wallet')
  await page.locator(HOST).evaluate((host: HTMLElement) => host.style.setProperty('--aap-fg', '#d0d0d0'))
  const violations = await axeViolations(page, modal(page))
  // Any text in the theme's foreground will do: which element axe names first depends on layout, not on the rule.
  expect(
    violations.filter(
      (line) => line.startsWith('color-contrast: ') && line.includes('foreground color: #d0d0d0'),
    ),
  ).not.toEqual([])
})

test('keyboard focus shows a visible focus ring in the theme focus colour', async ({
  page,
  wallet: _wallet,
}) => {
  await page.goto('/')
  const dialog = await openModal(page)
  // The first wallet row (WalletConnect, first in docs/behaviour.md#wallet-picker) takes the focus.
  const first = dialog.getByRole('list', { name: 'Wallets' }).getByRole('button').first()
  await expect(first).toBeFocused()
  const unfocused = await dialog.getByRole('button', { name: 'Close' }).evaluate((element) => {
    const style = getComputedStyle(element)
    return style.outlineStyle
  })
  expect(unfocused).toBe('none')
  await page.keyboard.press('Shift+Tab')
  const close = dialog.getByRole('button', { name: 'Close' })
  await expect(close).toBeFocused()
  const ring = await close.evaluate((element) => {
    const style = getComputedStyle(element)
    const focus = getComputedStyle(
      element.getRootNode() instanceof ShadowRoot ? (element.getRootNode() as ShadowRoot).host : element,
    )
      .getPropertyValue('--aap-focus')
      .trim()
    return { style: style.outlineStyle, width: style.outlineWidth, color: style.outlineColor, focus }
  })
  expect(ring).toMatchObject({ style: 'solid', width: '2px' })
  expect(ring.focus).toBe('#1c7ed6')
  expect(ring.color).toBe('rgb(28, 126, 214)')
})

test('focus stays in the dialog on Account (Tab and Shift+Tab wrap), Escape closes and focus returns', async ({
  page,
  wallet: _wallet,
}) => {
  await page.goto('/')
  await connect(page)
  const opener = page.getByRole('banner').getByRole('button', { name: /0x/ })
  await opener.focus()
  await page.keyboard.press('Enter')
  const dialog = modal(page)
  await expect(dialog).toHaveAccessibleName('Account')
  const focusedName = () =>
    dialog.evaluate((element) => {
      const active = (element.getRootNode() as ShadowRoot).activeElement
      if (!active || !element.contains(active)) return null
      // The tab panel is a stop of its own (it scrolls): named by its tab.
      if (active.getAttribute('role') === 'tabpanel') return 'panel'
      return active.getAttribute('aria-label') ?? active.textContent?.trim() ?? ''
    })
  // The view's first control has focus; Tab goes through the rest, the selected tab only, its panel (it scrolls),
  // and wraps.
  await expect.poll(focusedName).toBe('Copy address')
  const forward: (string | null)[] = []
  for (let step = 0; step < 12; step++) {
    await page.keyboard.press('Tab')
    forward.push(await focusedName())
  }
  expect(forward).toEqual([
    'Network: Local devnet. Switch network',
    'Block explorer (opens in a new tab)',
    'Connected with Testkit Wallet. Switch wallet',
    'Buy',
    'Swap',
    'Receive',
    'Send',
    'Tokens',
    'panel',
    'Disconnect',
    'Close',
    'Copy address',
  ])
  await page.keyboard.press('Shift+Tab')
  expect(await focusedName()).toBe('Close')
  await page.keyboard.press('Shift+Tab')
  expect(await focusedName()).toBe('Disconnect')
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(opener).toBeFocused()
})

/** The modal waiting on the wallet (ConnectingExternal, the view transitions in), the request held. */
async function waitingOnWallet(page: Page, wallet: InjectedWallet) {
  await page.goto('/')
  const dialog = await openModal(page)
  const held = wallet.holdNext()
  await dialog.getByRole('button', { name: 'Testkit Wallet' }).click()
  await held.request
  return { dialog, held }
}

test.describe('prefers-reduced-motion: reduce', () => {
  test.use({ reducedMotion: 'reduce' })

  test('Animations: view transitions, modal height, header text and the shake are off', async ({
    page,
    wallet,
  }) => {
    const { dialog, held } = await waitingOnWallet(page, wallet)
    const motion = await dialog.evaluate((element) => {
      element.setAttribute('data-shake', 'true')
      const view = element.querySelector('.view[data-direction]') as HTMLElement
      const title = element.querySelector('.header-title') as HTMLElement
      const read = (target: Element) => {
        const style = getComputedStyle(target)
        return { animation: style.animationName, transition: style.transitionDuration }
      }
      return {
        dialog: read(element),
        view: read(view),
        title: read(title),
        direction: view.dataset.direction,
      }
    })
    await held.reject()
    expect(motion.direction).toBe('next')
    expect(motion.dialog).toEqual({ animation: 'none', transition: '0s' })
    expect(motion.view.animation).toBe('none')
    expect(motion.title.animation).toBe('none')
  })
})

test('Animations: without reduced motion the durations are the spec’s', async ({ page, wallet }) => {
  const { dialog, held } = await waitingOnWallet(page, wallet)
  const motion = await dialog.evaluate((element) => {
    element.setAttribute('data-shake', 'true')
    const view = getComputedStyle(element.querySelector('.view[data-direction]') as HTMLElement)
    const title = getComputedStyle(element.querySelector('.header-title') as HTMLElement)
    const style = getComputedStyle(element)
    return {
      shake: [style.animationName, style.animationDuration],
      height: [style.transitionProperty, style.transitionDuration],
      view: [view.animationName, view.animationDuration],
      title: [title.animationName, title.animationDuration],
    }
  })
  await held.reject()
  const seconds = (ms: number) => `${ms / 1000}s`
  expect(motion).toEqual({
    shake: ['aap-shake', seconds(SHAKE_MS)],
    height: ['height', seconds(ANIMATION_MODAL_HEIGHT_MS)],
    view: ['aap-in-next', seconds(ANIMATION_VIEW_TRANSITION_MS)],
    title: ['aap-fade', seconds(ANIMATION_HEADER_TEXT_MS)],
  })
})
