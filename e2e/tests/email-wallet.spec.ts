// Long because it is the e-mail wallet's whole browser story (sign-in, devices, throttles, signing, export, hostile
// hosts) on one shared stack; split by flow when it next grows.
import { devAccounts } from '@allaccess/chain'
import { FRAME_ERROR_TEXTS } from '@allaccess/frame-protocol'
import { EMBEDDED_TEXTS } from '@allaccess/protocol'
import { waitForCode, waitForLink } from '@allaccess/testkit/mailbox'
import type { Page } from '@playwright/test'
import { type Hex, numberToHex, parseEther, stringToHex, verifyMessage } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { chainClient } from '../support/account'
import {
  enterCode,
  expectExportedKey,
  MAILBOX_URL,
  onSecondDevice,
  signInByEmail,
  submitEmail,
} from '../support/embeddedWallet'
import { expect, modal, openModal, test } from '../support/fixtures'
import { frameRequest, newEmail, walletFrame } from '../support/frameRequest'
import { heldPass } from '../support/pass'
import { E2E_CLOUD_URL, E2E_FRAME_URL } from '../support/ports'
import { recordTextsOfNextLoad } from '../support/seenTexts'
import { endCodeWait, expireCodes } from '../support/stackControl'

// The behaviour these tests check: docs/behaviour.md#email and docs/embedded-wallet.md.

const accountButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^0x/ })

/** The signed-in wallet's address, as the frame gives it to the host. */
async function walletAddress(page: Page): Promise<Hex> {
  const reply = await frameRequest(page, 'getUser', { chainId: 31337 })
  if (!reply.ok) throw new Error(reply.error.message)
  return (reply.payload as { address: Hex }).address
}

test('e-mail → the code from the mailbox → an address → test ETH → mint approved in the frame → ownerOf agrees; a reload stays connected', async ({
  page,
}) => {
  test.setTimeout(120_000)
  await page.goto('/')
  await signInByEmail(page, newEmail())
  await expect(accountButton(page)).toBeVisible()
  const address = await walletAddress(page)

  await page.getByRole('button', { name: 'Get test ETH' }).click()
  await page.getByRole('button', { name: 'Mint for 0.01 ETH' }).click()
  const frame = walletFrame(page)
  await expect(frame.getByRole('heading', { name: 'Send transaction' })).toBeVisible()
  await expect(frame.getByText('0.01 ETH')).toBeVisible()
  await frame.getByRole('button', { name: 'Approve' }).click()
  await expect(page.getByText('Minted! Welcome aboard.')).toBeVisible({ timeout: 30_000 })
  const { owner } = await heldPass(page)
  expect(owner).toBe(address)

  // Reloaded, the page is connected from its first paint: no Connect button shows in between, however briefly.
  const label = (await accountButton(page).textContent()) ?? ''
  const seenTexts = await recordTextsOfNextLoad(page)
  await page.reload()
  await expect(page.getByRole('banner').getByRole('button', { name: label })).toBeVisible()
  const seen = await seenTexts()
  expect(seen.length).toBeGreaterThan(0)
  expect(seen.filter((text) => /Connect Wallet|Connect wallet to mint/.test(text))).toEqual([])
  expect(await walletAddress(page)).toBe(address)
})

test('a second browser with the same e-mail: a code like any address (right after the first sign-in: a live countdown, Try again disabled) → the code → Register Device → the approval link names the browser → the same address; the key export shows the key in the frame only', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000)
  const email = newEmail()
  await onSecondDevice(page, browser, email, async (second, other) => {
    const address = await walletAddress(page)
    // The page's clock, so the countdown ends when the test says (the cloud's hold is ended with it).
    await second.clock.install()
    await second.goto('/')
    // Right after the first sign-in the address's 30 s hold: counted down live, Try again disabled meanwhile; the
    // stack ends the hold and the clock the countdown (that the seconds shown are the cloud's: the next test).
    // The page's clock stays 31 s ahead from here, inside the ±60 s the frame's signed proofs may be off by.
    await submitEmail(second, email)
    const dialog = modal(second)
    const throttle = dialog.getByRole('alert')
    await expect(throttle).toHaveText(/^Please try again after \d+ seconds$/)
    const shown = await throttle.textContent()
    const tryAgain = dialog.getByRole('button', { name: 'Try again' })
    await expect(tryAgain).toBeDisabled()
    await expect(throttle).not.toHaveText(shown ?? '', { timeout: 3000 })
    await endCodeWait(email)
    await second.clock.fastForward(31_000)
    await expect(tryAgain).toBeEnabled()
    const after = Date.now()
    await tryAgain.click()
    // The code first, as for any address; the device step only after it.
    await expect(dialog.getByRole('heading', { name: 'Confirm E-mail' })).toBeVisible()
    await enterCode(second, await waitForCode(MAILBOX_URL, email, { after }))
    await expect(dialog.getByRole('heading', { name: 'Register Device' })).toBeVisible()
    // The user opens the link (in any browser): opening only asks, naming the device; the button approves.
    const approval = await other.newPage()
    await approval.goto(await waitForLink(MAILBOX_URL, email, { after }))
    await expect(approval.getByRole('heading', { name: EMBEDDED_TEXTS.approveDevice })).toBeVisible()
    await expect(approval.locator('dd').nth(1)).toHaveText(/^Chrom/)
    await approval.getByRole('button', { name: EMBEDDED_TEXTS.approveDeviceButton }).click()
    await expect(approval.getByRole('heading', { name: EMBEDDED_TEXTS.deviceApproved })).toBeVisible()
    // The waiting view goes on by itself: the approval signs the device in.
    await expect(dialog).toBeHidden()
    expect(await walletAddress(second)).toBe(address)

    // Export, on the second device: a fresh code, then the key, in the frame. The address's 30 s hold since the
    // last code e-mail is ended by the stack.
    await endCodeWait(email)
    const exported = frameRequest(second, 'exportKey', {})
    const frame = walletFrame(second)
    await expect(frame.getByRole('heading', { name: 'Export private key' })).toBeVisible()
    const exportAsked = Date.now()
    await frame.getByRole('button', { name: 'Send code' }).click()
    await frame
      .getByRole('textbox', { name: /Code from the e-mail/ })
      .fill(await waitForCode(MAILBOX_URL, email, { after: exportAsked }))
    await frame.getByRole('button', { name: 'Show key' }).click()
    await expectExportedKey(second, address)
    // The key is shown whole (its field can't be resized away) and copied from inside the frame.
    const key = frame.getByRole('textbox', { name: 'Private key' })
    await expect(key).toHaveCSS('resize', 'none')
    await other.grantPermissions(['clipboard-read', 'clipboard-write'])
    await frame.getByRole('button', { name: 'Copy key' }).click()
    await expect(
      frame.getByText('Copied. Paste it only into a wallet you trust, then clear your clipboard.'),
    ).toBeVisible()
    expect(await second.evaluate(() => navigator.clipboard.readText())).toBe(await key.inputValue())
    await frame.getByRole('button', { name: 'Done' }).click()
    expect(await exported).toEqual({ ok: true, payload: {} })
    await expect(second.locator('iframe[title="Wallet"]')).toBeHidden()
  })
})

test('a second code within 30 s: the throttle names the real seconds left; the resend button counts down', async ({
  page,
}) => {
  await page.goto('/')
  const email = newEmail()
  await submitEmail(page, email)
  const dialog = modal(page)
  await expect(dialog.getByRole('button', { name: /^Resend code in (\d+) s$/ })).toBeDisabled()
  await dialog.getByRole('button', { name: 'Back' }).click()
  await dialog.getByRole('textbox', { name: 'E-mail' }).fill(email)
  await dialog.getByRole('button', { name: 'Continue' }).click()
  const throttle = dialog.getByRole('alert')
  await expect(throttle).toHaveText(/^Please try again after (\d+) seconds$/)
  const seconds = Number((await throttle.textContent())?.match(/(\d+)/)?.[1])
  expect(seconds).toBeGreaterThan(25)
  expect(seconds).toBeLessThanOrEqual(30)
})

test("a code past its 10 minutes: 'This code has expired. Request a new code.', and no wallet", async ({
  page,
}) => {
  const email = newEmail()
  await page.goto('/')
  const after = await submitEmail(page, email)
  const code = await waitForCode(MAILBOX_URL, email, { after })
  await expireCodes(email)
  await enterCode(page, code)
  await expect(modal(page).getByRole('alert')).toHaveText(EMBEDDED_TEXTS.expiredCode)
  await expect(accountButton(page)).toHaveCount(0)
})

test('wrong codes: each says so; after 5 the code is dead, even the right one', async ({ page }) => {
  const email = newEmail()
  await page.goto('/')
  const after = await submitEmail(page, email)
  const code = await waitForCode(MAILBOX_URL, email, { after })
  const wrong = code.replace(/^./, (digit) => String((Number(digit) + 1) % 10))
  const alert = modal(page).getByRole('alert')
  for (let attempt = 1; attempt <= 5; attempt++) {
    await enterCode(page, wrong)
    await expect(alert).toHaveText(attempt < 5 ? EMBEDDED_TEXTS.wrongCode : /wrong codes|Invalid code/)
    await expect(modal(page).getByRole('textbox', { name: 'Digit 1 of 6' })).toBeEnabled()
  }
  await enterCode(page, code)
  await expect(alert).toHaveText(EMBEDDED_TEXTS.deadCode)
  await expect(accountButton(page)).toHaveCount(0)
})

test("signing: personal_sign approved in the frame verifies; turned down gives the plain rejection; a method outside the list gives its text to the caller and 'Action not allowed' to the user; the eoa is the same address", async ({
  page,
}) => {
  await page.goto('/')
  await signInByEmail(page, newEmail())
  const address = await walletAddress(page)
  const frame = walletFrame(page)
  const message = 'Sign in to All-Access Pass'

  const signed = frameRequest(page, 'rpcRequest', {
    method: 'personal_sign',
    params: [stringToHex(message), address],
    chainId: 31337,
  })
  await expect(frame.getByRole('heading', { name: 'Signature request' })).toBeVisible()
  await expect(frame.getByText(message)).toBeVisible()
  await frame.getByRole('button', { name: 'Approve' }).click()
  const reply = await signed
  if (!reply.ok) throw new Error(reply.error.message)
  const signature = (reply.payload as { result: Hex }).result
  expect(await verifyMessage({ address, message, signature })).toBe(true)
  await expect(page.locator('iframe[title="Wallet"]')).toBeHidden()

  const turnedDown = frameRequest(page, 'rpcRequest', {
    method: 'personal_sign',
    params: [stringToHex('no'), address],
    chainId: 31337,
  })
  await frame.getByRole('button', { name: 'Reject' }).click()
  expect(await turnedDown).toEqual({ ok: false, error: { message: FRAME_ERROR_TEXTS.rejected, code: 4001 } })

  // Typed data (a name's registration) reads as labelled fields, not JSON; the × turns it down as Reject does.
  const typed = frameRequest(page, 'rpcRequest', {
    method: 'eth_signTypedData_v4',
    params: [
      address,
      JSON.stringify({
        types: {
          EIP712Domain: [
            { name: 'name', type: 'string' },
            { name: 'chainId', type: 'uint256' },
          ],
          Name: [
            { name: 'name', type: 'string' },
            { name: 'owner', type: 'address' },
          ],
        },
        primaryType: 'Name',
        domain: { name: 'All-Access Names', chainId: 31337 },
        message: { name: 'alice.allaccess', owner: address },
      }),
    ],
    chainId: 31337,
  })
  await expect(frame.getByRole('heading', { name: 'Signature request' })).toBeVisible()
  await expect(frame.getByRole('term').filter({ hasText: /^owner$/ })).toBeVisible()
  await expect(frame.getByRole('definition').filter({ hasText: /^alice\.allaccess$/ })).toBeVisible()
  await expect(frame.getByText('{', { exact: false })).toHaveCount(0)
  await frame.getByRole('button', { name: 'Close', exact: true }).click()
  expect(await typed).toEqual({ ok: false, error: { message: FRAME_ERROR_TEXTS.rejected, code: 4001 } })

  for (const method of ['eth_sign', 'wallet_requestPermissions', 'debug_traceTransaction'])
    expect(await frameRequest(page, 'rpcRequest', { method, params: [], chainId: 31337 })).toEqual({
      ok: false,
      error: { message: FRAME_ERROR_TEXTS.notAllowed, code: 4200 },
    })
  // The user is told, in the frame, once for the three refused calls.
  await expect(frame.getByRole('heading', { name: FRAME_ERROR_TEXTS.notAllowedToUser })).toBeVisible()
  await frame.getByRole('button', { name: 'OK' }).click()
  await expect(page.locator('iframe[title="Wallet"]')).toBeHidden()
  // The devnet has the smart account (email-smart-account.spec.ts); the eoa is the same address.
  expect(await frameRequest(page, 'getSmartAccountEnabledNetworks', {})).toEqual({
    ok: true,
    payload: { smartAccountEnabledNetworks: [31337] },
  })
  expect(await frameRequest(page, 'setPreferredAccount', { type: 'eoa' })).toEqual({
    ok: true,
    payload: { type: 'eoa', address },
  })
  // A signature for another account is refused before anyone is asked.
  const other = await frameRequest(page, 'rpcRequest', {
    method: 'personal_sign',
    params: [stringToHex(message), `0x${'1'.repeat(40)}`],
    chainId: 31337,
  })
  expect(other.ok).toBe(false)
  await expect(page.locator('iframe[title="Wallet"]')).toBeHidden()
})

test('permissions (ERC-7715): the user grants 0.002 ETH in the frame; a batch within it is sent unasked and arrives on chain, one past it is asked and turned down; revoking is approved and ends the grant', async ({
  page,
}) => {
  test.setTimeout(120_000)
  await page.goto('/')
  await signInByEmail(page, newEmail())
  const address = await walletAddress(page)
  await page.getByRole('button', { name: 'Get test ETH' }).click()
  await expect.poll(() => chainClient.getBalance({ address }), { timeout: 30_000 }).toBeGreaterThan(0n)
  const frame = walletFrame(page)
  const wallet = page.locator('iframe[title="Wallet"]')

  const granting = frameRequest(page, 'rpcRequest', {
    method: 'wallet_grantPermissions',
    params: [
      {
        expiry: Math.floor(Date.now() / 1000) + 3600,
        signer: { type: 'wallet' },
        permissions: [
          {
            type: 'native-token-transfer',
            data: { ticker: 'ETH' },
            policies: [{ type: 'token-allowance', data: { allowance: numberToHex(parseEther('0.002')) } }],
          },
        ],
      },
    ],
    chainId: 31337,
  })
  await expect(frame.getByRole('heading', { name: 'Grant permissions' })).toBeVisible()
  // No rate limit asked: the frame grants 10 calls an hour; the network fees have a budget of their own.
  await expect(frame.getByText('Send up to 0.002 ETH in all, at most 10 calls every 1 hour')).toBeVisible()
  await expect(frame.getByText('Network fees: up to 0.002 ETH in all')).toBeVisible()
  await frame.getByRole('button', { name: 'Approve' }).click()
  const granted = await granting
  if (!granted.ok) throw new Error(granted.error.message)
  const context = (granted.payload as { result: { permissionsContext: Hex } }).result.permissionsContext
  await expect(wallet).toBeHidden()

  const friend = privateKeyToAccount(generatePrivateKey()).address
  const send = (ether: string) =>
    frameRequest(page, 'rpcRequest', {
      method: 'wallet_sendCalls',
      params: [
        {
          version: '2.0.0',
          from: address,
          calls: [{ to: friend, value: numberToHex(parseEther(ether)) }],
          capabilities: { permissions: { context } },
        },
      ],
      chainId: 31337,
    })
  // Covered: sent with no screen at all.
  const covered = await send('0.0015')
  expect(covered.ok).toBe(true)
  await expect
    .poll(() => chainClient.getBalance({ address: friend }), { timeout: 30_000 })
    .toBe(parseEther('0.0015'))
  await expect(wallet).toBeHidden()

  // Past the allowance the user is asked, and says no.
  const beyond = send('0.001')
  await expect(frame.getByRole('heading', { name: 'Send transactions' })).toBeVisible()
  await frame.getByRole('button', { name: 'Reject' }).click()
  expect(await beyond).toEqual({ ok: false, error: { message: FRAME_ERROR_TEXTS.rejected, code: 4001 } })

  const revoking = frameRequest(page, 'rpcRequest', {
    method: 'wallet_revokePermissions',
    params: [{ permissionsContext: context }],
    chainId: 31337,
  })
  await expect(frame.getByRole('heading', { name: 'Revoke permissions' })).toBeVisible()
  await expect(
    frame.getByText('Send up to 0.002 ETH in all, at most 10 calls every 1 hour (0.0015 ETH used)'),
  ).toBeVisible()
  await expect(
    frame.getByText(/^Network fees: up to 0\.002 ETH in all \(0\.0000\d+ ETH used\)$/),
  ).toBeVisible()
  await frame.getByRole('button', { name: 'Approve' }).click()
  expect(await revoking).toEqual({ ok: true, payload: { result: null } })
  const ended = await send('0.0001')
  expect(ended).toEqual({
    ok: false,
    error: { message: 'Invalid parameters: unknown or expired permissions context', code: -32602 },
  })
  expect(await chainClient.getBalance({ address: friend })).toBe(parseEther('0.0015'))
})

test("hostile hosts: a page outside the allowlist gets nothing from the frame; the host origin's storage and DOM hold no key, share or token", async ({
  page,
  context,
}) => {
  await page.goto('/')
  await signInByEmail(page, newEmail())
  const address = await walletAddress(page)
  // Everything the site's origin stores: no session token (43 base64url characters), share or key (64+ hex).
  const stored = await page.evaluate(async () => ({
    local: Object.entries(localStorage),
    session: Object.entries(sessionStorage),
    databases: (await indexedDB.databases()).map((database) => database.name),
    cookies: document.cookie,
  }))
  const values = [...stored.local, ...stored.session].map(([key, value]) => `${key}=${value}`).join('\n')
  expect(values).not.toMatch(/[0-9a-f]{64}/i)
  expect(values).not.toMatch(/(^|[^A-Za-z0-9_-])[A-Za-z0-9_-]{43}([^A-Za-z0-9_-]|$)/)
  expect(stored.databases.filter((name) => name?.startsWith('allaccess-embedded-wallet'))).toEqual([])
  expect(stored.cookies).toBe('')
  expect(values.toLowerCase()).toContain(address.slice(2, 10).toLowerCase())
  // Nor its DOM, the modal's and the frame host's shadow roots included (the frame's own document is its origin's).
  await openModal(page)
  const dom = await page.evaluate(() => {
    const texts: string[] = []
    const walk = (root: Document | ShadowRoot) => {
      for (const element of root.querySelectorAll('*')) {
        texts.push(element.outerHTML.slice(0, 200_000))
        if (element.shadowRoot) walk(element.shadowRoot)
      }
    }
    walk(document)
    return texts.join('\n')
  })
  expect(dom).toContain(address.slice(2, 10))
  // The one 64-hex string allowed is the devnet's public dev key in the mint page's advice (`cast send …`).
  const publicKeys = new Set(devAccounts.map((account) => account.privateKey.slice(2).toLowerCase()))
  const keysShown = (dom.match(/[0-9a-f]{64}/gi) ?? []).map((hex) => hex.toLowerCase())
  expect(keysShown.filter((hex) => !publicKeys.has(hex))).toEqual([])
  await page.keyboard.press('Escape')

  // A page on 127.0.0.2 (no loopback name, not on the project's allowlist) embeds the frame and asks for the user.
  const hostile = 'http://127.0.0.2:9/hostile'
  const gateway = `${E2E_CLOUD_URL}/v1/?chainId=eip155:31337&projectId=allaccess-local`
  const src = `${E2E_FRAME_URL}/?${new URLSearchParams({ projectId: 'allaccess-local', chainId: '31337', version: '1', enableLogger: 'false', rpcUrl: gateway })}`
  await context.grantPermissions(['local-network-access'], { origin: 'http://127.0.0.2:9' })
  const attacker = await context.newPage()
  await attacker.route(hostile, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><title>x</title><iframe title="Wallet" src="${src}"></iframe>`,
    }),
  )
  await attacker.goto(hostile)
  const frame = attacker.frameLocator('iframe[title="Wallet"]')
  await expect(frame.getByRole('heading', { name: FRAME_ERROR_TEXTS.originNotAllowed })).toBeVisible()
  const answered = await attacker.evaluate(
    () =>
      new Promise<boolean>((resolve) => {
        const frameWindow = document.querySelector('iframe')?.contentWindow
        window.addEventListener('message', () => resolve(true))
        frameWindow?.postMessage(
          {
            channel: 'allaccess:embedded-wallet',
            version: 2,
            id: 'x',
            type: 'getUser',
            payload: { chainId: 31337 },
          },
          '*',
        )
        setTimeout(() => resolve(false), 2000)
      }),
  )
  expect(answered).toBe(false)

  // On the allowed page, a reply forged by the page itself (not from the frame's window) is dropped.
  const forged = await page.evaluate(async () => {
    window.postMessage(
      { channel: 'allaccess:embedded-wallet', version: 2, type: 'visibility', visible: true },
      '*',
    )
    await new Promise((resolve) => setTimeout(resolve, 300))
    const host = document.querySelector('[data-allaccess-embedded-wallet]')
    return host?.shadowRoot?.querySelector('dialog')?.open
  })
  expect(forged).toBe(false)
})

test("an interactive request past 120 s (a new device's wait): the alert 'Embedded Wallet Request Timed Out', and iframe_request_timeout to analytics", async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000)
  const email = newEmail()
  await onSecondDevice(page, browser, email, async (second) => {
    const events: string[] = []
    second.on('request', (request) => {
      if (/\/(e|batch)$/.test(new URL(request.url()).pathname)) events.push(request.postData() ?? '')
    })
    // The approval never comes and the wait never answers: the frame's polls, signed on the page's fast-forwarded
    // clock, would be refused as stale proofs (±60 s) before the modal's 120 s had passed.
    await second.route('**/v1/embedded/device/wait*', () => {})
    await second.clock.install()
    await second.goto('/')
    // Right after the first sign-in the address's 30 s hold, ended by the stack; then the code, then the device
    // step.
    await endCodeWait(email)
    const after = await submitEmail(second, email)
    const dialog = modal(second)
    await enterCode(second, await waitForCode(MAILBOX_URL, email, { after }))
    await expect(dialog.getByRole('heading', { name: 'Register Device' })).toBeVisible()
    const alert = second.getByText('Embedded Wallet Request Timed Out').first()
    await second.clock.fastForward(110_000)
    await expect(alert).toHaveCount(0)
    await second.clock.fastForward(11_000)
    await expect(alert).toBeVisible()
    // The event leaves with the next batch (1 s later, on the page's clock).
    await second.clock.fastForward(2_000)
    await expect.poll(() => events.join('\n')).toContain('iframe_request_timeout')
  })
})

test("the frame blocked: after 20 s the alert 'Network Error - Could not load embedded wallet'", async ({
  page,
}) => {
  await page.route(`${E2E_FRAME_URL}/**`, (route) => route.abort())
  await page.clock.install()
  await page.goto('/')
  const dialog = await openModal(page)
  await dialog.getByRole('textbox', { name: 'E-mail' }).fill(newEmail())
  await dialog.getByRole('button', { name: 'Continue' }).click()
  await page.clock.fastForward(19_000)
  await expect(page.getByText('Network Error - Could not load embedded wallet').first()).toHaveCount(0)
  await page.clock.fastForward(1_500)
  await expect(page.getByText('Network Error - Could not load embedded wallet').first()).toBeVisible()
})
