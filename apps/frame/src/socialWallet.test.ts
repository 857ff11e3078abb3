import { type RunningCloud, readCompletionPage, startCloud } from '@allaccess/cloud'
import {
  type DevOidc,
  devClients,
  devSocialEnv,
  signInHeadless,
  startDevOidc,
  TEST_USERS,
} from '@allaccess/oidc-dev'
import { EMBEDDED_TEXTS, type NewDevice, SOCIAL_TEXTS } from '@allaccess/protocol'
import { freePort } from '@allaccess/testkit/free-port'
import { IDBFactory } from 'fake-indexeddb'
import { verifyMessage } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { NEW_DEVICE_TEXTS } from './deviceApproval'
import { testWallet, userApprovedBy } from './testing/browser'
import {
  EXPORT_NOT_FRESH_TEXT,
  ExportNotAllowedError,
  NotSignedInError,
  SocialNotFinishedError,
} from './wallet'

let oidc: DevOidc
let cloud: RunningCloud
const [alice, bob] = TEST_USERS as [(typeof TEST_USERS)[number], (typeof TEST_USERS)[number]]

beforeAll(async () => {
  const port = await freePort()
  oidc = await startDevOidc({ port: 0, clients: devClients(`http://127.0.0.1:${port}`) })
  cloud = await startCloud({
    port,
    host: '127.0.0.1',
    dataDir: 'memory://',
    env: {
      NODE_ENV: 'development',
      LOG_LEVEL: 'silent',
      INDEXER: '0',
      EMBEDDED_FRAME_ORIGINS: FRAME,
      ...devSocialEnv(oidc.issuer),
    },
  })
}, 60_000)
afterAll(async () => {
  await cloud?.close()
  await oidc?.close()
})

/** The frame's own origin: the callback page hands its code to the frame there, never to the host page. */
const FRAME = 'http://wallet.allaccess.localhost:8788'
const browser = (indexedDB = new IDBFactory()) => testWallet(cloud.url, { indexedDB })

/** The page the popup is opened from (on the local project's allowlist). */
const HOST = 'http://localhost:5173'
/** The export screen's start: a social user has no link to show. */
const EXPORT = { hostOrigin: HOST, showLink: () => {} }

/**
 * What the host's popup does: the provider's login, then the provider's redirect to the cloud's callback, whose
 * page posts the completion code to the frame inside the opener, on the frame's origin (FRAME), never to HOST.
 */
async function popup(uri: string, user = alice): Promise<string> {
  const page = await fetch(await signInHeadless(uri, user))
  expect(page.status).toBe(200)
  const posted = readCompletionPage(await page.text())
  expect(posted?.targetOrigin).toBe(FRAME)
  return posted?.completion as string
}

describe('social login in the frame wallet, against the real cloud and the development provider', () => {
  it('a new user: a wallet whose key signs; a second browser rebuilds the same key from the cloud shares', async () => {
    const wallet = browser()
    const uri = await wallet.socialRedirectUri('github', HOST)
    const connected = wallet.connectSocial(new AbortController().signal)
    wallet.completeSocial(await popup(uri, bob))
    expect(await connected).toEqual({ email: null, provider: 'github', username: 'bob' })
    const user = await wallet.user()
    expect(user).toMatchObject({ email: null, provider: 'github', username: 'bob' })
    const signature = await (await wallet.account()).signMessage({ message: 'hi' })
    expect(await verifyMessage({ address: user.address, message: 'hi', signature })).toBe(true)

    // A second browser: the provider's sign-in alone gets it no key; the first browser, shown it, approves it.
    const waiting: string[] = []
    const elsewhere = testWallet(cloud.url, {
      showWaiting: (state) => {
        waiting.push(state.status)
        return { update: () => {}, close: () => {} }
      },
    })
    const again = await elsewhere.socialRedirectUri('github', HOST)
    const second = elsewhere.connectSocial(new AbortController().signal)
    elsewhere.completeSocial(await popup(again, bob))
    await second
    const shown: NewDevice[] = []
    const watching = new AbortController()
    const watched = wallet.watchNewDevices(async (device) => {
      shown.push(device)
      return true
    }, watching.signal)
    expect((await elsewhere.user()).address).toBe(user.address)
    expect(waiting).toEqual(['pending'])
    expect(shown).toEqual([expect.objectContaining({ signedInWith: 'GitHub', recoverAt: null })])
    expect(await elsewhere.isConnected()).toBe(true)
    watching.abort()
    await watched
  })

  it('a second browser whose user closes its waiting screen gets no key; one refused by the first browser is signed out', async () => {
    const wallet = browser()
    const uri = await wallet.socialRedirectUri('apple', HOST)
    const connected = wallet.connectSocial(new AbortController().signal)
    wallet.completeSocial(await popup(uri, bob))
    await connected
    await wallet.user()
    const start = async (elsewhere: ReturnType<typeof testWallet>) => {
      const uri = await elsewhere.socialRedirectUri('apple', HOST)
      const connected = elsewhere.connectSocial(new AbortController().signal)
      elsewhere.completeSocial(await popup(uri, bob))
      await connected
    }
    const closing = testWallet(cloud.url, {
      showWaiting: (_state, actions) => {
        setTimeout(actions.cancel, 50)
        return { update: () => {}, close: () => {} }
      },
    })
    await start(closing)
    await expect(closing.user()).rejects.toThrow(NEW_DEVICE_TEXTS.notApproved)

    const refused = testWallet(cloud.url)
    await start(refused)
    const watching = new AbortController()
    const watched = wallet.watchNewDevices(async () => false, watching.signal)
    await expect(refused.user()).rejects.toThrow(EMBEDDED_TEXTS.sessionNotLive)
    expect(await refused.hasSession()).toBe(false)
    watching.abort()
    await watched
  })

  it('a popup closed before the provider sent the user back fails; one closed after it passed its code does not', async () => {
    const wallet = browser()
    await wallet.socialRedirectUri('google', HOST)
    const waiting = wallet.connectSocial(new AbortController().signal)
    wallet.socialPopupClosed()
    await expect(waiting).rejects.toBeInstanceOf(SocialNotFinishedError)
    await expect(wallet.user()).rejects.toBeInstanceOf(NotSignedInError)

    const uri = await wallet.socialRedirectUri('google', HOST)
    // The callback page posts its code, then closes itself: the host passes both on, in that order.
    wallet.completeSocial(await popup(uri))
    wallet.socialPopupClosed()
    const late = wallet.connectSocial(new AbortController().signal)
    expect(await late).toMatchObject({ provider: 'google', username: 'alice' })
  })

  it('a sign-in finished without its code reaching the frame (the link opened elsewhere) gives no session', async () => {
    const wallet = browser()
    const uri = await wallet.socialRedirectUri('discord', HOST)
    const waiting = wallet.connectSocial(new AbortController().signal)
    await popup(uri, bob)
    wallet.socialPopupClosed()
    await expect(waiting).rejects.toBeInstanceOf(SocialNotFinishedError)
    await expect(wallet.user()).rejects.toBeInstanceOf(NotSignedInError)
  })

  it('connectSocial without an attempt is refused', async () => {
    await expect(browser().connectSocial(new AbortController().signal)).rejects.toBeInstanceOf(
      NotSignedInError,
    )
  })
})

describe("a social user's key export in the frame wallet", () => {
  /** The first browser signed in here holds the wallet: it approves the later ones. */
  let holder: ReturnType<typeof browser> | undefined
  async function signedIn(user = alice) {
    const wallet = browser()
    const uri = await wallet.socialRedirectUri('google', HOST)
    const connected = wallet.connectSocial(new AbortController().signal)
    wallet.completeSocial(await popup(uri, user))
    await connected
    const { address } = holder ? await userApprovedBy(holder, wallet) : await wallet.user()
    holder ??= wallet
    return { wallet, address }
  }

  it("a new sign-in by the same user makes the session fresh: the key is the wallet's", async () => {
    const { wallet, address } = await signedIn()
    await expect(wallet.exportKey()).rejects.toThrow(EXPORT_NOT_FRESH_TEXT)
    const uri = await wallet.socialReauthUri(HOST)
    expect(new URL(uri).searchParams.get('prompt')).toBe('login')
    const started = wallet.startExport(EXPORT)
    wallet.completeSocial(await popup(uri, alice))
    await started
    expect(privateKeyToAccount(await wallet.exportKey()).address).toBe(address)
  })

  it('another user at the provider: refused with its text, no key', async () => {
    const { wallet } = await signedIn()
    const uri = await wallet.socialReauthUri(HOST)
    const started = wallet.startExport(EXPORT)
    const page = await fetch(await signInHeadless(uri, bob))
    expect(page.status).toBe(400)
    wallet.socialPopupClosed()
    await expect(started).rejects.toThrow(SOCIAL_TEXTS.otherAccount)
    await expect(wallet.exportKey()).rejects.toBeInstanceOf(ExportNotAllowedError)
  })

  it("a popup closed before the provider's sign-in finished, or no re-authentication started, gives no key; a wait for one takes the next the host starts", async () => {
    const { wallet } = await signedIn()
    // With no re-authentication started, the export waits for the host to start one (the screen's Try again asks
    // it to); the screen closing ends the wait.
    const closing = new AbortController()
    const waiting = wallet.startExport({ ...EXPORT, signal: closing.signal })
    closing.abort()
    await expect(waiting).rejects.toBeInstanceOf(SocialNotFinishedError)
    // The one the host starts after Try again is the one waited for: here its popup closes unfinished.
    const retried = wallet.startExport(EXPORT)
    await wallet.socialReauthUri(HOST)
    wallet.socialPopupClosed()
    await expect(retried).rejects.toBeInstanceOf(SocialNotFinishedError)
    await wallet.socialReauthUri(HOST)
    const started = wallet.startExport(EXPORT)
    wallet.socialPopupClosed()
    await expect(started).rejects.toBeInstanceOf(SocialNotFinishedError)
    await expect(wallet.exportKey()).rejects.toBeInstanceOf(ExportNotAllowedError)
    // A re-authentication's attempt is no sign-in.
    await wallet.socialReauthUri(HOST)
    await expect(wallet.connectSocial(new AbortController().signal)).rejects.toBeInstanceOf(NotSignedInError)
  })
})
