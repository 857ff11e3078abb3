import { afterEach, describe, expect, it, vi } from 'vitest'
import { createModal } from '../../app/createModal'
import type { Modal } from '../../app/modal'
import type { ChainAdapter } from '../../chains/types'
import { ALERTS } from '../../kernel/alerts'
import { currentEntry } from '../../kernel/router'
import { createEmbeddedAuthAdapter } from '../../testing/embeddedAuthAdapter'
import { fakeEmailFrame as fakeFrame } from '../../testing/fakeEmailFrame'
import { memoryStorage } from '../../testing/memoryStorage'
import '../../testing/settleFeatures'
import { EMAIL_STORAGE_KEYS } from './constants'
import { emailFeature } from './emailFeature'
import { EmailErrorText } from './errors'

// The behaviour these tests check: docs/behaviour.md#email.

const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const metadata = { name: 'All-Access Pass', description: '', url: 'http://127.0.0.1:5173', icons: [] }

let modal: Modal | undefined
afterEach(() => {
  modal?.destroy()
  vi.useRealTimers()
})

async function harness(adapter: ChainAdapter, stored: Record<string, string> = {}) {
  vi.spyOn(console, 'warn').mockImplementation(() => {})
  const storage = new Map<string, string>(Object.entries(stored))
  modal = createModal({
    adapters: [adapter],
    metadata,
    projectId: 'test',
    isMobile: () => false,
    modules: [emailFeature],
    environment: {
      storage: memoryStorage(storage),
    },
  })
  await modal.loadFeatures()
  const email = modal.feature(emailFeature)
  const view = () => currentEntry((modal as Modal).getState().router).view
  return { modal, email, storage, view }
}

describe('e-mail login', () => {
  it('the code step, then connected: the browser keeps the e-mail and network, and forgets when the code was asked', async () => {
    const frame = fakeFrame()
    const { modal, email, storage, view } = await harness(createEmbeddedAuthAdapter(frame, ADDRESS))
    modal.open()
    await email.submitEmail('  Visitor@Example.com ')
    expect(frame.calls.find((call) => call.type === 'connectEmail')?.payload).toEqual({
      email: 'Visitor@Example.com',
    })
    expect(view()).toBe('EmailVerifyOtp')
    expect(storage.has(EMAIL_STORAGE_KEYS.lastLoginTime)).toBe(true)
    expect(email.state.getState().resendAt).toBeGreaterThan(Date.now())

    await email.verifyOtp('123456')
    expect(frame.calls.find((call) => call.type === 'connectOtp')?.payload).toEqual({ otp: '123456' })
    expect(modal.getAccount().address).toBe(ADDRESS)
    // The frame names the site and the SDK that embeds it (syncDappData's sdkType: the cloud client's 'allaccess').
    expect(frame.calls.find((call) => call.type === 'syncDappData')?.payload).toMatchObject({
      sdkType: 'allaccess',
    })
    expect(storage.get(EMAIL_STORAGE_KEYS.email)).toBe('Visitor@Example.com')
    expect(storage.get(EMAIL_STORAGE_KEYS.lastChain)).toBe('eip155:31337')
    expect(storage.has(EMAIL_STORAGE_KEYS.lastLoginTime)).toBe(false)
    expect(email.state.getState()).toMatchObject({ accountEmail: 'Visitor@Example.com', error: undefined })
  })

  it("a known user's new device: the code first, then EmailVerifyDevice until the link approves it, then connected", async () => {
    let approve = () => {}
    const approved = new Promise<void>((resolve) => {
      approve = resolve
    })
    const frame = fakeFrame('VERIFY_OTP', { afterCode: 'VERIFY_DEVICE', approved })
    const { modal, email, storage, view } = await harness(createEmbeddedAuthAdapter(frame, ADDRESS))
    modal.open()
    await email.submitEmail('visitor@example.com')
    expect(view()).toBe('EmailVerifyOtp')
    await email.verifyOtp('123456')
    expect(view()).toBe('EmailVerifyDevice')
    expect(frame.calls.map((call) => call.type)).toContain('connectDevice')
    expect(modal.getAccount().address).toBeUndefined()
    approve()
    await vi.waitFor(() => expect(modal.getAccount().address).toBe(ADDRESS))
    expect(storage.get(EMAIL_STORAGE_KEYS.email)).toBe('visitor@example.com')
    expect(email.state.getState()).toMatchObject({ accountEmail: 'visitor@example.com', error: undefined })
  })

  it('sign out everywhere: the frame ends every session, then the wallet is disconnected here', async () => {
    const frame = fakeFrame()
    const { modal, email, storage } = await harness(createEmbeddedAuthAdapter(frame, ADDRESS))
    await email.submitEmail('visitor@example.com')
    await email.verifyOtp('123456')
    expect(modal.getAccount().address).toBe(ADDRESS)
    await email.signOutEverywhere()
    expect(frame.calls.at(-1)).toEqual({ type: 'signOutEverywhere', payload: {} })
    expect(modal.getAccount().address).toBeUndefined()
    expect(storage.has(EMAIL_STORAGE_KEYS.email)).toBe(false)
  })

  it('a throttled step keeps when it may run again, for the views to count down; clearing the error clears it', async () => {
    const frame = fakeFrame()
    const answer = frame.request.getMockImplementation()
    let refusal = 'Please try again after 26 seconds'
    frame.request.mockImplementation(async (type: string, payload: unknown) => {
      if (type === 'connectEmail') throw new Error(refusal)
      return (answer as NonNullable<typeof answer>)(type, payload)
    })
    const { email } = await harness(createEmbeddedAuthAdapter(frame, ADDRESS))
    const before = Date.now()
    await email.submitEmail('visitor@example.com')
    const { error, retryAt } = email.state.getState()
    expect(error).toBe('Please try again after 26 seconds')
    expect(retryAt).toBeGreaterThanOrEqual(before + 26_000)
    expect(retryAt).toBeLessThanOrEqual(Date.now() + 26_000)
    email.clearError()
    expect(email.state.getState()).toMatchObject({ error: undefined, retryAt: undefined })
    // Any other failure has no wait.
    refusal = 'Failed to connect'
    await email.submitEmail('visitor@example.com')
    expect(email.state.getState()).toMatchObject({ error: 'Failed to connect', retryAt: undefined })
  })

  it("says what stops it: no AUTH connector, a connector without the frame, a code before an e-mail, an address that isn't one", async () => {
    const frame = fakeFrame()
    const withoutConnector = await harness({
      ...createEmbeddedAuthAdapter(frame, ADDRESS),
      getConnectors: () => [],
    })
    await withoutConnector.email.submitEmail('visitor@example.com')
    expect(withoutConnector.email.state.getState().error).toBe(EmailErrorText.noAuthConnector)
    expect(EmailErrorText.noAuthConnector).toBe('No auth connector found')
    withoutConnector.modal.destroy()

    const withoutFrame = await harness(createEmbeddedAuthAdapter(undefined, ADDRESS))
    await withoutFrame.email.submitEmail('visitor@example.com')
    expect(withoutFrame.email.state.getState().error).toBe('Unable to load email login dependency')
    await withoutFrame.email.verifyOtp('123456')
    expect(withoutFrame.email.state.getState().error).toBe('Not connected to email or social')
    await withoutFrame.email.submitEmail('not an e-mail')
    expect(withoutFrame.email.state.getState().error).toBe(EmailErrorText.invalidEmail)
  })

  it('a frame request that timed out shows its alert (the texts of both frame alerts pinned)', async () => {
    const frame = fakeFrame()
    const { modal, email } = await harness(createEmbeddedAuthAdapter(frame, ADDRESS))
    await email.submitEmail('visitor@example.com')
    frame.emit('iframe_request_timeout')
    expect(modal.banner.getState().banner).toMatchObject({
      variant: 'error',
      message: ALERTS.embeddedWalletTimedOut.title,
    })
    expect(ALERTS.embeddedWalletTimedOut.title).toBe('Embedded Wallet Request Timed Out')
    expect(ALERTS.embeddedWalletLoadFailed.title).toBe('Network Error - Could not load embedded wallet')
  })
})

describe("the frame's theme", () => {
  it('follows the system colour scheme live while the site sets no mode, and the mode once the site sets one', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    let dark = false
    const listeners = new Set<() => void>()
    const system = {
      get matches() {
        return dark
      },
      addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
    } as unknown as MediaQueryList
    const frame = fakeFrame()
    modal = createModal({
      adapters: [createEmbeddedAuthAdapter(frame, ADDRESS)],
      metadata,
      projectId: 'test',
      isMobile: () => false,
      modules: [emailFeature],
      environment: { storage: memoryStorage(new Map()), matchMedia: () => system },
    })
    await modal.loadFeatures()
    modal.open()
    await modal.feature(emailFeature).submitEmail('visitor@example.com')
    const themes = () =>
      frame.calls
        .filter((call) => call.type === 'syncTheme')
        .map((call) => (call.payload as { themeMode: string }).themeMode)
    expect(themes()).toEqual(['light'])

    dark = true
    for (const listener of listeners) listener()
    expect(themes()).toEqual(['light', 'dark'])

    modal.setThemeMode('light')
    dark = false
    for (const listener of listeners) listener()
    expect(themes()).toEqual(['light', 'dark', 'light'])

    modal.destroy()
    modal = undefined
    expect(listeners.size).toBe(0)
  })
})
