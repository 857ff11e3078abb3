import { afterEach, describe, expect, it, vi } from 'vitest'
import { createModal } from '../app/createModal'
import type { Modal } from '../app/modal'
import { emailFeature } from '../features/email/emailFeature'
import { EmailErrorText } from '../features/email/errors'
import { SocialErrorText } from '../features/social/errors'
import { socialFeature } from '../features/social/socialFeature'
import type { FeatureModule } from '../kernel/feature'
import { createEmbeddedAuthAdapter } from '../testing/embeddedAuthAdapter'
import { fakeEmailFrame } from '../testing/fakeEmailFrame'
import { fakeSocialFrame } from '../testing/fakeSocialFrame'
import { memoryStorage } from '../testing/memoryStorage'
import { mockModal } from '../testing/mockModal'
import '../testing/settleFeatures'
import { createEmailLogin } from './emailLogin'
import { HeadlessErrorText } from './errors'
import { createSocialLogin } from './socialLogin'

// The behaviour these tests check: docs/behaviour.md#email and #social, through a form and buttons of one's own
// (docs/packages.md#headless).

const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const metadata = { name: 'Headless', description: '', url: 'http://127.0.0.1:5173', icons: [] }

let modal: Modal | undefined
afterEach(() => {
  modal?.destroy()
  modal = undefined
})

function embeddedModal(frame: unknown, modules: FeatureModule<unknown, never>[]) {
  vi.spyOn(console, 'warn').mockImplementation(() => {})
  const popup = { closed: false, close: () => (popup.closed = true), location: { href: 'about:blank' } }
  const openPopup = vi.fn(() => popup)
  modal = createModal({
    adapters: [createEmbeddedAuthAdapter(frame, ADDRESS)],
    metadata,
    projectId: 'test',
    isMobile: () => false,
    modules: modules as never,
    environment: { openPopup, userAgent: () => '', storage: memoryStorage(new Map()) },
  })
  return { modal, popup, openPopup }
}

describe('createEmailLogin', () => {
  it('address → code → connected, the modal closed throughout; then the address step again, also after a disconnect', async () => {
    const frame = fakeEmailFrame()
    const { modal } = embeddedModal(frame, [emailFeature])
    const login = createEmailLogin(modal)
    expect(login.getState()).toMatchObject({ ready: false, available: false, step: 'email' })
    const release = login.subscribe(() => {})
    await login.load()
    expect(login.getState()).toMatchObject({ ready: true, available: true, step: 'email', busy: false })

    await login.submit('not an address')
    expect(login.getState()).toMatchObject({ step: 'email', error: EmailErrorText.invalidEmail })
    await login.submit(' visitor@example.com ')
    expect(login.getState()).toMatchObject({ step: 'code', email: 'visitor@example.com', error: undefined })
    expect(login.getState().resendAt).toBeGreaterThan(Date.now())
    expect(frame.calls).toContainEqual({ type: 'connectEmail', payload: { email: 'visitor@example.com' } })

    await login.verify('123456')
    expect(frame.calls).toContainEqual({ type: 'connectOtp', payload: { otp: '123456' } })
    expect(modal.getAccount()).toMatchObject({ status: 'connected', address: ADDRESS })
    expect(modal.getState().open).toBe(false)
    // The modal's own rule: a connection made on a connecting view closes it, its router back at the start.
    expect(login.getState().step).toBe('email')
    await modal.disconnect()
    expect(login.getState().step).toBe('email')
    release()
  })

  it("a known user's new device waits on the device step until the e-mailed link's approval", async () => {
    let approve = () => {}
    const approved = new Promise<void>((resolve) => (approve = resolve))
    const { modal } = embeddedModal(fakeEmailFrame('VERIFY_OTP', { afterCode: 'VERIFY_DEVICE', approved }), [
      emailFeature,
    ])
    const login = createEmailLogin(modal)
    const release = login.subscribe(() => {})
    await login.load()
    await login.submit('known@example.com')
    await login.verify('654321')
    expect(login.getState().step).toBe('device')
    expect(modal.getAccount().address).toBeUndefined()
    approve()
    await vi.waitFor(() => expect(modal.getAccount().address).toBe(ADDRESS))
    expect(login.getState().step).toBe('email')
    release()
  })

  it('restart goes back to the address; a site without the e-mail feature is ready and not available', async () => {
    const { modal } = embeddedModal(fakeEmailFrame(), [emailFeature])
    const login = createEmailLogin(modal)
    await login.load()
    await login.submit('first@example.com')
    expect(login.getState().step).toBe('code')
    login.restart()
    expect(login.getState()).toMatchObject({ step: 'email', email: undefined, error: undefined })

    const without = mockModal().modal
    const none = createEmailLogin(without)
    await none.load()
    expect(none.getState()).toMatchObject({ ready: true, available: false })
    await expect(none.submit('a@example.com')).rejects.toThrow("The modal has no feature 'email'")
    without.destroy()
  })
})

describe('createSocialLogin', () => {
  it('lists the providers in the spec order (no farcaster without its view), opens the popup in the call and connects', async () => {
    const frame = fakeSocialFrame()
    const { modal, popup, openPopup } = embeddedModal(frame, [socialFeature()])
    const login = createSocialLogin(modal)
    expect(login.getState()).toMatchObject({ ready: false, providers: [] })
    await expect(login.select('google')).rejects.toThrow(HeadlessErrorText.socialNotReady)
    expect(openPopup).not.toHaveBeenCalled()
    await login.load()
    expect(login.getState()).toMatchObject({
      ready: true,
      available: true,
      providers: ['google', 'x', 'discord', 'apple', 'github', 'facebook'],
      connecting: undefined,
    })
    const signingIn = login.select('github')
    // Inside the call, before anything is awaited: a popup blocker lets it through.
    expect(openPopup).toHaveBeenCalledTimes(1)
    expect(login.getState().connecting).toBe('github')
    await vi.waitFor(() => expect(frame.calls).toContain('connectSocial'))
    expect(popup.location.href).toBe(frame.uri)
    frame.finish({ provider: 'github', username: 'dave' })
    await signingIn
    expect(modal.getAccount().address).toBe(ADDRESS)
    expect(login.getState()).toMatchObject({ connecting: undefined, error: undefined })
    expect(modal.getState().open).toBe(false)
  })

  it("says the frame's failure in the modal's text; a site without social login is ready and offers none", async () => {
    const frame = fakeSocialFrame()
    frame.uri = new Error('unreachable')
    const { modal } = embeddedModal(frame, [socialFeature()])
    const login = createSocialLogin(modal)
    await login.load()
    await login.select('google')
    expect(login.getState()).toMatchObject({ error: SocialErrorText.initiate, connecting: undefined })

    const without = mockModal().modal
    const none = createSocialLogin(without)
    await none.load()
    expect(none.getState()).toMatchObject({ ready: true, available: false, providers: [] })
    without.destroy()
  })
})

describe('HeadlessErrorText', () => {
  it('says what to do, literally', () => {
    expect(HeadlessErrorText).toEqual({
      socialNotReady:
        'Social sign-in needs the modal’s features loaded before the click: call load() and wait for ready',
    })
  })
})
