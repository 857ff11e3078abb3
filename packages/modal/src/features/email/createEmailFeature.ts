import { EMAIL_THROTTLE_SECONDS, emailSchema, throttleSeconds } from '@allaccess/protocol'
import { SDK_TYPE } from '../../api/createCloudClient'
import type { FeatureContext } from '../../app/featureContext'
import type { EmbeddedWalletProvider } from '../../chains/evm/embeddedWallet'
import type { Connector } from '../../chains/types'
import { followEmbeddedLogin } from '../../embedded/embeddedLogin'
import type { FrameHost } from '../../embedded/frameHost'
import { ALERTS, showAlert } from '../../kernel/alerts'
import type { FeatureModule } from '../../kernel/feature'
import { createStore } from '../../kernel/store'
import type { SocialFeature } from '../social/createSocialFeature'
import { SOCIAL_FEATURE_ID } from '../social/options'
import { createAccountTypeControl } from './accountType'
import { EMAIL_STORAGE_KEYS, EMAIL_UPDATE_POLL_MS } from './constants'
import { EmailError } from './errors'

export type EmailState = {
  /** The address being signed in with (the views name it). */
  email: string | undefined
  busy: boolean
  /** The last step's failure, as the visitor reads it. */
  error: string | undefined
  /** When a new code may be asked for (epoch ms): 30 s between code e-mails (docs/behaviour.md#email). */
  resendAt: number | undefined
  /** The last step was throttled: when Try again may run it (epoch ms), counted down by the views. */
  retryAt: number | undefined
  /** The connected e-mail wallet's address (the Account view shows it). */
  accountEmail: string | undefined
  /** UpdateEmailWallet's step: the new address, then the current address's code, then the new one's. */
  update: { step: 'email' } | { step: 'primary' | 'secondary'; newEmail: string }
}

/** The social feature's public surface (a social user's key export), reached by its id when the site has it. */
const socialModule = { id: SOCIAL_FEATURE_ID } as FeatureModule<SocialFeature, never>

/** How many times UpdateEmailWallet looks for the changed e-mail (once a second) before it says it failed. */
const UPDATE_POLL_TRIES = 10

/**
 * The e-mail login (docs/behaviour.md#email): the e-mail field of the Connect view, the code and device-approval
 * steps, and what the browser keeps of it. Every step is a request to the embedded wallet's frame,
 * through the AUTH connector's provider; the modal never sees a code's check, a session or a key.
 */
export function createEmailFeature({ options, env, chains, modal, analytics, banner }: FeatureContext) {
  const storage = env.storage as (Storage & { removeItem?(key: string): void }) | undefined
  const forget = (key: string) => storage?.removeItem?.(key)
  const state = createStore<EmailState>({
    email: undefined,
    busy: false,
    error: undefined,
    resendAt: undefined,
    retryAt: undefined,
    accountEmail: storage?.getItem(EMAIL_STORAGE_KEYS.email) ?? undefined,
    update: { step: 'email' },
  })

  /**
   * The EVM chain the e-mail wallet's requests name: its eip155 connection's, else the site's first EVM network.
   * Not the active namespace's: on Solana that is a genesis-hash reference, no chain id.
   */
  function evmChainId(): number {
    const connected = Number(chains.getAccount('eip155').chainId)
    if (Number.isSafeInteger(connected) && connected > 0) return connected
    const first = chains.networks.find((network) => network.chainNamespace === 'eip155')
    return first ? Number(first.id) : 1
  }

  function authConnector(): Connector {
    const connector = chains.getConnectors().find((candidate) => candidate.type === 'AUTH')
    if (!connector) throw new EmailError('noAuthConnector')
    return connector
  }

  /** The frame's own screens (approvals, key export) look like the modal and name the site. */
  function follow(host: FrameHost) {
    const system = env.matchMedia?.('(prefers-color-scheme: dark)')
    const themeMode = () => modal.getState().themeMode ?? (system?.matches ? 'dark' : 'light')
    const syncTheme = () =>
      host
        .request('syncTheme', {
          themeMode: themeMode(),
          themeVariables: Object.fromEntries(
            Object.entries(modal.getState().themeVariables).filter(
              (entry): entry is [string, string] => entry[1] !== undefined,
            ),
          ),
        })
        .catch(() => {})
    void syncTheme()
    void host
      .request('syncDappData', {
        projectId: options.projectId,
        sdkVersion: host.version,
        sdkType: SDK_TYPE,
        metadata: { name: options.metadata.name, url: options.metadata.url },
      })
      .catch(() => {})
    releases.push(
      modal.subscribe((state, previous) => {
        if (state.themeMode !== previous.themeMode || state.themeVariables !== previous.themeVariables)
          void syncTheme()
      }),
    )
    // With no mode set, the modal follows the system's colour scheme live (ui/shell/theme.ts); so does the frame.
    const systemChanged = () => {
      if (modal.getState().themeMode === undefined) void syncTheme()
    }
    system?.addEventListener?.('change', systemChanged)
    releases.push(() => system?.removeEventListener?.('change', systemChanged))
  }

  const watched = new WeakSet<FrameHost>()
  const releases: (() => void)[] = []
  async function frame(): Promise<FrameHost> {
    const provider = (await authConnector().getProvider?.()) as EmbeddedWalletProvider | undefined
    if (!provider?.frame) throw new EmailError('dependency')
    if (!watched.has(provider.frame)) {
      watched.add(provider.frame)
      follow(provider.frame)
      // The frame's load failure and time-outs are alerts and analytics events.
      releases.push(
        provider.frame.onEvent((event) => {
          analytics.track(event)
          showAlert(
            banner,
            event === 'iframe_load_failed' ? ALERTS.embeddedWalletLoadFailed : ALERTS.embeddedWalletTimedOut,
          )
        }),
      )
    }
    return provider.frame
  }

  /** One step: busy while it runs, its failure's text kept for the view. */
  async function step(act: () => Promise<void>): Promise<void> {
    if (state.getState().busy) return
    state.setState({ busy: true, error: undefined, retryAt: undefined })
    try {
      await act()
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      const seconds = throttleSeconds(message)
      state.setState({
        error: message,
        retryAt: seconds === undefined ? undefined : env.clock.now() + seconds * 1000,
      })
      analytics.track('EMAIL_LOGIN_ERROR', { message })
    } finally {
      state.setState({ busy: false })
    }
  }

  /** The resend countdown starts when a code is asked for, and survives a reload (docs/behaviour.md#email). */
  function codeAsked() {
    const now = env.clock.now()
    storage?.setItem(EMAIL_STORAGE_KEYS.lastLoginTime, String(now))
    state.setState({ resendAt: now + EMAIL_THROTTLE_SECONDS * 1000 })
  }

  /** Signed in: the connection is the AUTH connector's, and the browser keeps the e-mail and network. */
  async function finish(email: string) {
    const connector = authConnector()
    storage?.setItem(EMAIL_STORAGE_KEYS.email, email)
    storage?.setItem(EMAIL_STORAGE_KEYS.lastChain, modal.getActiveNetwork().caipNetworkId)
    forget(EMAIL_STORAGE_KEYS.lastLoginTime)
    state.setState({ resendAt: undefined, accountEmail: email })
    await modal.connect(connector.id)
  }

  /** After the code, a known user's new device: EmailVerifyDevice waits for the e-mailed link's approval. */
  function waitForDevice(email: string) {
    modal.navigate({ view: 'EmailVerifyDevice', data: { email } })
    void (async () => {
      await (await frame()).request('connectDevice', {})
      if (state.getState().email === email) await finish(email)
    })().catch((error: unknown) =>
      state.setState({ error: error instanceof Error ? error.message : String(error) }),
    )
  }

  /** Every address gets a code first (the cloud does not tell whether it has an account). */
  async function ask(email: string) {
    const { action } = await (await frame()).request('connectEmail', { email })
    state.setState({ email })
    if (action === 'CONNECT') return finish(email)
    codeAsked()
    modal.navigate({ view: 'EmailVerifyOtp', data: { email } })
  }

  /** The social feature when the connected wallet was signed in by a social provider (not by e-mail, nor Farcaster). */
  function socialExporter(): SocialFeature | undefined {
    if (state.getState().accountEmail) return undefined
    let social: SocialFeature
    try {
      social = modal.feature(socialModule)
    } catch {
      return undefined
    }
    const provider = social.state.getState().accountProvider
    return provider && provider !== 'farcaster' ? social : undefined
  }

  // The frame announced to the other families is taken back by the chain layer when the modal goes.
  const releaseAccount = followEmbeddedLogin({
    chains,
    storage,
    kept: () => storage?.getItem(EMAIL_STORAGE_KEYS.email) != null,
    // Whoever signed in (e-mail, social, Farcaster), the frame's screens follow the theme and name the site.
    // …and the same wallet's Solana account opens through it (chains.announceEmbeddedFrame).
    connected: () => void frame().then(chains.announceEmbeddedFrame, () => {}),
    ended() {
      chains.announceEmbeddedFrame(undefined)
      for (const key of Object.values(EMAIL_STORAGE_KEYS)) forget(key)
      state.setState({ accountEmail: undefined, update: { step: 'email' } })
    },
  })

  return {
    state,
    /** Whether this modal can sign in by e-mail: the site registered the embedded wallet's connector. */
    available: () => chains.getConnectors().some((connector) => connector.type === 'AUTH'),
    submitEmail: (input: string) =>
      step(async () => {
        const parsed = emailSchema.safeParse(input.trim())
        if (!parsed.success) throw new EmailError('invalidEmail')
        await ask(parsed.data)
      }),
    verifyOtp: (otp: string) =>
      step(async () => {
        const { email } = state.getState()
        if (!email) throw new EmailError('notConnected')
        const { action } = await (await frame()).request('connectOtp', { otp })
        if (action === 'VERIFY_DEVICE') return waitForDevice(email)
        await finish(email)
      }),
    /** A new code (the frame and the cloud refuse within 30 s of the last, with the seconds left). */
    resend: () =>
      step(async () => {
        const { email } = state.getState()
        if (!email) throw new EmailError('notConnected')
        await ask(email)
      }),
    clearError: () => state.setState({ error: undefined, retryAt: undefined }),
    /** The connected wallet is the e-mail wallet (its panel shows on Account). */
    isEmailWallet: () => chains.getAccount().connector?.type === 'AUTH',
    /** UpdateEmailWallet, step 1: a code to the current address. */
    startUpdate: (input: string) =>
      step(async () => {
        const parsed = emailSchema.safeParse(input.trim())
        if (!parsed.success) throw new EmailError('invalidEmail')
        await (await frame()).request('updateEmail', { email: parsed.data })
        state.setState({ update: { step: 'primary', newEmail: parsed.data } })
      }),
    /** Step 2: the current address's code; a code goes to the new address. */
    verifyPrimary: (otp: string) =>
      step(async () => {
        const { update } = state.getState()
        if (update.step !== 'primary') return
        await (await frame()).request('updateEmailPrimaryOtp', { otp })
        state.setState({ update: { step: 'secondary', newEmail: update.newEmail } })
      }),
    /** Step 3: the new address's code; done once the wallet's e-mail is the new one (looked for every second). */
    verifySecondary: (otp: string) =>
      step(async () => {
        const { update } = state.getState()
        if (update.step !== 'secondary') return
        const host = await frame()
        await host.request('updateEmailSecondaryOtp', { otp })
        for (let tries = 0; tries < UPDATE_POLL_TRIES; tries++) {
          const { email } = await host.request('getUser', { chainId: evmChainId() })
          if (email === update.newEmail) {
            storage?.setItem(EMAIL_STORAGE_KEYS.email, email)
            state.setState({ accountEmail: email, update: { step: 'email' } })
            modal.back()
            return
          }
          await new Promise((resolve) => env.clock.setTimeout(() => resolve(undefined), EMAIL_UPDATE_POLL_MS))
        }
        throw new EmailError('emailUnchanged')
      }),
    cancelUpdate: () => state.setState({ update: { step: 'email' }, error: undefined }),
    /** The account type and its switch (docs/embedded-wallet.md#account-type). */
    accountType: createAccountTypeControl({ frame, chainId: evmChainId }),
    /** Sign out everywhere: the frame ends every session of this wallet's user in the cloud, then this one. */
    signOutEverywhere: () =>
      step(async () => {
        await (await frame()).request('signOutEverywhere', {})
        await modal.disconnect()
      }),
    /**
     * The key export, drawn by the frame itself: the modal learns only that it closed. A social user signs in
     * again in the social feature's popup, opened here inside the click (before anything is awaited); an e-mail
     * or Farcaster user's frame says what to do.
     */
    exportKey: () =>
      step(async () => {
        const social = socialExporter()
        if (social) return social.exportKey()
        await (await frame()).request('exportKey', {})
      }),
    destroy() {
      releaseAccount()
      for (const release of releases) release()
    },
  }
}

export type EmailFeature = ReturnType<typeof createEmailFeature>
