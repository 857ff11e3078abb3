import { afterEach, describe, expect, it, vi } from 'vitest'
import { createModal } from '../../app/createModal'
import type { Modal } from '../../app/modal'
import { EMAIL_LOGIN_USED_KEY } from '../../chains/evm/embeddedWalletOptions'
import type { PopupWindow } from '../../kernel/environment'
import { currentEntry } from '../../kernel/router'
import { createEmbeddedAuthAdapter } from '../../testing/embeddedAuthAdapter'
import { fakeSocialFrame as fakeFrame } from '../../testing/fakeSocialFrame'
import { memoryStorage } from '../../testing/memoryStorage'
import '../../testing/settleFeatures'
import { EMAIL_STORAGE_KEYS } from '../email/constants'
import type { EmailFeature } from '../email/createEmailFeature'
import { emailFeature } from '../email/emailFeature'
import { SOCIAL_POPUP_CHECK_MS, SOCIAL_POPUP_SIZE, SOCIAL_STORAGE_KEYS } from './constants'
import type { SocialFeature } from './createSocialFeature'
import { SocialErrorText } from './errors'
import { socialFeature } from './socialFeature'

// The behaviour these tests check: docs/behaviour.md#social.

const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const metadata = { name: 'All-Access Pass', description: '', url: 'http://127.0.0.1:5173', icons: [] }

let modal: Modal | undefined
afterEach(() => {
  modal?.destroy()
  vi.useRealTimers()
})

async function harness({ userAgent = '', withEmail = false, stored = {} as Record<string, string> } = {}) {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
  vi.spyOn(console, 'warn').mockImplementation(() => {})
  const frame = fakeFrame()
  const popup = { closed: false, close: vi.fn(), location: { href: 'about:blank' } }
  popup.close.mockImplementation(() => {
    popup.closed = true
  })
  const openPopup = vi.fn((): PopupWindow | null => popup)
  const storage = new Map<string, string>(Object.entries(stored))
  const module = socialFeature()
  modal = createModal({
    adapters: [createEmbeddedAuthAdapter(frame, ADDRESS)],
    metadata,
    projectId: 'test',
    isMobile: () => false,
    modules: withEmail ? [emailFeature, module] : [module],
    environment: {
      openPopup,
      userAgent: () => userAgent,
      storage: memoryStorage(storage),
    },
  })
  await modal.loadFeatures()
  const social: SocialFeature = modal.feature(module)
  const view = () => (modal?.getState().open ? currentEntry(modal.getState().router).view : 'closed')
  const email = (withEmail ? modal.feature(emailFeature) : undefined) as EmailFeature
  return { modal, social, email, frame, popup, openPopup, storage, view }
}

describe('social login', () => {
  it('opens the 600 × 800 popup first, sends it to the frame’s address, and connects with the username', async () => {
    const { modal, social, frame, popup, openPopup, storage, view } = await harness()
    modal.open()
    const signingIn = social.connect('google')
    expect(openPopup).toHaveBeenCalledWith(SOCIAL_POPUP_SIZE)
    expect(view()).toBe('ConnectingSocial')
    await vi.waitFor(() => expect(frame.calls).toContain('connectSocial'))
    expect(popup.location.href).toBe(frame.uri)
    frame.finish({ provider: 'google', username: 'alice' })
    await signingIn
    expect(modal.getAccount().address).toBe(ADDRESS)
    expect(social.state.getState()).toMatchObject({
      username: 'alice',
      accountProvider: 'google',
      error: undefined,
    })
    expect(storage.get(SOCIAL_STORAGE_KEYS.username)).toBe('alice')

    await modal.disconnect()
    expect(storage.has(SOCIAL_STORAGE_KEYS.username)).toBe(false)
    expect(social.state.getState().username).toBeUndefined()
  })

  it('forgets the username and e-mail kept from a login the frame no longer has (its is-connected check dropped the login-used flag); keeps them while the flag is there', async () => {
    const { modal, social, email, storage } = await harness({
      withEmail: true,
      stored: {
        [SOCIAL_STORAGE_KEYS.username]: 'alice',
        [SOCIAL_STORAGE_KEYS.provider]: 'google',
        [EMAIL_STORAGE_KEYS.email]: 'alice@example.com',
        [EMAIL_LOGIN_USED_KEY]: 'true',
      },
    })
    expect(social.state.getState().username).toBe('alice')
    // Any change of the chains with nothing connected, here a disconnect.
    await modal.disconnect()
    expect(storage.get(SOCIAL_STORAGE_KEYS.username)).toBe('alice')
    expect(storage.get(EMAIL_STORAGE_KEYS.email)).toBe('alice@example.com')
    storage.delete(EMAIL_LOGIN_USED_KEY)
    await modal.disconnect()
    expect([...storage.keys()]).toEqual([])
    expect(social.state.getState()).toMatchObject({ username: undefined, accountProvider: undefined })
    expect(email.state.getState().accountEmail).toBeUndefined()
  })

  it('hands the frame no code (the callback page posts it to the frame itself): the host asks for the address and waits', async () => {
    const { modal, social, frame } = await harness()
    modal.open()
    const signingIn = social.connect('github')
    await vi.waitFor(() => expect(frame.calls).toContain('connectSocial'))
    frame.finish({ provider: 'github', username: 'bob' })
    await signingIn
    expect(frame.calls.filter((call) => /social/i.test(call))).toEqual([
      'getSocialRedirectUri',
      'connectSocial',
    ])
    expect(modal.getAccount().address).toBe(ADDRESS)
  })

  it("says 'Popup closed' when the popup closes before the provider answered, found by the 1 s check", async () => {
    const { modal, social, frame, popup } = await harness()
    modal.open()
    const signingIn = social.connect('x')
    await vi.waitFor(() => expect(frame.calls).toContain('connectSocial'))
    popup.closed = true
    expect(frame.calls).not.toContain('socialPopupClosed')
    await vi.advanceTimersByTimeAsync(SOCIAL_POPUP_CHECK_MS)
    expect(frame.calls).toContain('socialPopupClosed')
    await signingIn
    expect(social.state.getState().error).toBe(SocialErrorText.popupClosed)
    expect(modal.getAccount().address).toBeUndefined()
  })

  it("says 'Failed to initiate social connection' and closes the popup when the frame cannot give an address", async () => {
    const { modal, social, frame, popup } = await harness()
    frame.uri = new Error('The social provider could not be reached.')
    modal.open()
    await social.connect('github')
    expect(social.state.getState().error).toBe(SocialErrorText.initiate)
    expect(popup.close).toHaveBeenCalled()
    expect(frame.calls).not.toContain('connectSocial')
  })

  it('offers the spec order less farcaster (no view for it), and a messaging app’s webview rules', async () => {
    expect((await harness()).social.buttons()).toEqual([
      'google',
      'x',
      'discord',
      'apple',
      'github',
      'facebook',
    ])
    modal?.destroy()
    const android =
      'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36 Telegram'
    expect((await harness({ userAgent: android })).social.buttons()).toEqual([
      'google',
      'discord',
      'apple',
      'github',
    ])
  })

  it("the project's order (its social_login config) over the site's, the webview rules still applying", async () => {
    const { social } = await harness()
    expect(social.buttons(['github', 'google'])).toEqual(['github', 'google'])
    expect(social.buttons(['github', 'farcaster', 'x'])).toEqual(['github', 'x'])
  })
})

/** Signed in with Google as alice, the popup open again and the frame's calls forgotten: where an export starts. */
async function signInWithGoogle({
  modal,
  social,
  frame,
  popup,
}: Pick<Awaited<ReturnType<typeof harness>>, 'modal' | 'social' | 'frame' | 'popup'>) {
  modal.open()
  const signingIn = social.connect('google')
  await vi.waitFor(() => expect(frame.calls).toContain('connectSocial'))
  frame.finish({ provider: 'google', username: 'alice' })
  await signingIn
  popup.closed = false
  frame.calls.length = 0
}

describe("a social user's key export (Account → Export private key)", () => {
  it('opens the popup inside the click, signs in again there (its callback posts to the frame), and the frame’s screen shows the key', async () => {
    const { modal, social, email, frame, popup, openPopup } = await harness({ withEmail: true })
    await signInWithGoogle({ modal, social, frame, popup })

    const exporting = email.exportKey()
    // Before anything is awaited: no pop-up blocker stops it.
    expect(openPopup).toHaveBeenCalledTimes(2)
    await vi.waitFor(() => expect(frame.calls).toContain('exportKey'))
    expect(frame.calls.slice(0, 2)).toEqual(['getSocialReauthUri', 'exportKey'])
    expect(popup.location.href).toBe(`${frame.uri}&prompt=login`)
    frame.closeExport()
    await exporting
    expect(popup.closed).toBe(true)
    expect(email.state.getState().error).toBeUndefined()
  })

  it("the frame's Try again after a failed re-authentication: the popup still open, else a new one, goes to the provider again", async () => {
    const { modal, social, email, frame, popup, openPopup } = await harness({ withEmail: true })
    await signInWithGoogle({ modal, social, frame, popup })

    const exporting = email.exportKey()
    await vi.waitFor(() => expect(frame.calls).toContain('exportKey'))
    // Another account signed in; the provider's page stays open; the user presses Try again in the frame.
    popup.location.href = 'about:blank'
    frame.tryAgain()
    await vi.waitFor(() => expect(popup.location.href).toBe(`${frame.uri}&prompt=login`))
    expect(frame.calls.filter((call) => call === 'getSocialReauthUri')).toHaveLength(2)
    expect(openPopup).toHaveBeenCalledTimes(2)
    // Closed this time: a new one opens, in the click.
    popup.closed = true
    frame.tryAgain()
    expect(openPopup).toHaveBeenCalledTimes(3)
    await vi.waitFor(() =>
      expect(frame.calls.filter((call) => call === 'getSocialReauthUri')).toHaveLength(3),
    )
    frame.closeExport()
    await exporting
    expect(frame.retryListeners.size).toBe(0)
  })

  it('an e-mail (or Farcaster) user opens no popup: the frame says what to do', async () => {
    const { email, frame, openPopup } = await harness({ withEmail: true })
    const exporting = email.exportKey()
    await vi.waitFor(() => expect(frame.calls).toContain('exportKey'))
    expect(openPopup).not.toHaveBeenCalled()
    expect(frame.calls).not.toContain('getSocialReauthUri')
    frame.closeExport()
    await exporting
  })
})
