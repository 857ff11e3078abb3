import type { SiwxAdapter, SiwxMessageData, SiwxSession } from '../../api/siwxAdapter'
import type { FeatureContext } from '../../app/featureContext'
import { isUserRejection } from '../../chains/isUserRejection'
import type { CaipNetworkId, ChainNamespace, ConnectorType, SignInOnConnect } from '../../chains/types'
import { KernelError } from '../../kernel/errors'
import { currentEntry } from '../../kernel/router'
import { createStore } from '../../kernel/store'
import { SiwxError, SiwxErrorText } from './errors'

export type SiwxFeatureOptions = {
  /** Where sessions are checked and kept; by default the cloud's (`api.siwx`). */
  adapter?: SiwxAdapter
  /**
   * true (the default): every wallet that connects is asked to sign in at once, and one that does not (Cancel,
   * or closing the view) is disconnected. false: sign-in is on demand (`requestSignIn()`, e.g. a site's "Sign
   * in" button), and Cancel only closes.
   */
  required?: boolean
}

export type SiwxStatus =
  /** No wallet, or one on a network the site does not configure. */
  | 'idle'
  /** Asking the server for the connected account's sessions. */
  | 'checking'
  /** Connected, not signed in: the SiwxSignMessage view asks for a signature. */
  | 'unsigned'
  /** The message is being made, signed or verified (the view shows Authenticating). */
  | 'signing'
  | 'signedIn'

/** The wallet that signed the session in (docs/behaviour.md#sign-in: its metadata is kept at sign-in). */
export type SignedInWallet = { type: ConnectorType; name: string; icon: string | undefined }

export type SiwxState = {
  status: SiwxStatus
  /** The last attempt's failure, as the visitor reads it. */
  error: string | undefined
  /** The live session of the connected account on the active network. */
  session: SiwxSession | undefined
  /** Who signed `session` in this page: kept as the session is; undefined for a session found on the server. */
  wallet: SignedInWallet | undefined
}

/** Whose sessions the state holds: an account on a network. */
type Signer = { chainId: CaipNetworkId; address: string }
const sameSigner = (a: Signer | undefined, b: Signer | undefined) =>
  a?.chainId === b?.chainId && a?.address.toLowerCase() === b?.address.toLowerCase()

/**
 * Sign in with the wallet (docs/behaviour.md#sign-in): once a wallet connects on a configured network, the modal asks
 * the server for its sessions, and without one opens SiwxSignMessage (when sign-in is required). Signing asks the
 * server for a message, has the wallet sign it and hands it back; the server verifies it and keeps the session. A
 * failure to keep it disconnects the wallet (the site would otherwise believe a sign-in that the server refused).
 */
export function createSiwxFeature(settings: SiwxFeatureOptions) {
  return ({ options, env, chains, modal, analytics, banner }: FeatureContext) => {
    const required = settings.required ?? true
    const state = createStore<SiwxState>({
      status: 'idle',
      error: undefined,
      session: undefined,
      wallet: undefined,
    })
    let signer: Signer | undefined

    /** The site's adapter, else the cloud's, made once (its module loads on the first use). */
    let cloudAdapter: Promise<SiwxAdapter> | undefined
    function adapter(): Promise<SiwxAdapter> {
      if (settings.adapter) return Promise.resolve(settings.adapter)
      if (!options.api?.siwx) return Promise.reject(new SiwxError('noAdapter'))
      cloudAdapter ??= options.api.siwx({ storage: env.storage }).catch((error: unknown) => {
        cloudAdapter = undefined // a failed load is tried again next time
        throw error
      })
      return cloudAdapter
    }

    /** The connected account on the active network, when that network is one the site configures. */
    function currentSigner(): Signer | undefined {
      const account = chains.getAccount()
      const network = chains.getActiveNetwork()
      if (account.status !== 'connected' || !account.address) return undefined
      if (!modal.networks.some((candidate) => candidate.caipNetworkId === network.caipNetworkId))
        return undefined
      return { chainId: network.caipNetworkId, address: account.address }
    }

    function follow() {
      const next = currentSigner()
      if (sameSigner(next, signer)) return
      const previous = signer
      signer = next
      // A wallet gone takes its sessions with it: the next visitor of this browser is not signed in.
      if (previous && !chains.getAccount().address) void clearSessions()
      if (!next) {
        state.setState({ status: 'idle', error: undefined, session: undefined, wallet: undefined })
        return
      }
      void check(next)
    }

    async function check(target: Signer) {
      state.setState({ status: 'checking', error: undefined, session: undefined, wallet: undefined })
      // A sign-in the wallet made as it connected is kept first: then the server has the session.
      if (await signedOnConnect?.catch(() => false)) return
      let sessions: SiwxSession[] = []
      try {
        sessions = await (await adapter()).getSessions(target.chainId, target.address)
      } catch (error) {
        analytics.reportError(error, 'siwx getSessions')
      }
      if (!sameSigner(target, signer)) return
      const [session] = sessions
      if (session) {
        state.setState({ status: 'signedIn', session })
        return
      }
      state.setState({ status: 'unsigned' })
      if (required) modal.open({ view: 'SiwxSignMessage' })
    }

    /**
     * The server refused a signed message: logged, the wallet disconnected, the error raised
     * (docs/behaviour.md#sign-in).
     */
    async function refused(error: unknown) {
      console.error('Sign-in: the signed message was not kept', error)
      analytics.track('SIWX_AUTH_ERROR', { message: error instanceof Error ? error.message : String(error) })
      state.setState({ status: 'idle', error: SiwxErrorText.saveFailed })
      await modal.disconnect().catch(() => {})
      banner.show({ variant: 'error', message: SiwxErrorText.saveFailed })
    }

    /** The session just kept, with the wallet that signed it: the view closes, the events say so. */
    function kept(target: Signer, session: SiwxSession, wallet: SignedInWallet) {
      if (!sameSigner(target, signer)) return
      state.setState({ status: 'signedIn', session, error: undefined, wallet })
      analytics.track('SIWX_AUTH_SUCCESS', { network: target.chainId })
    }

    /**
     * Sign-in as the wallet connects (WalletConnect's one-click authentication), when sign-in is required: the
     * adapter asks for the server's fields before pairing and hands back what the wallet signed.
     */
    let signedOnConnect: Promise<boolean> | undefined
    const fieldsAsked = new Map<string, SiwxMessageData>()
    const signInOnConnect: SignInOnConnect = {
      async fields(chainId) {
        const data = await (await adapter()).createMessage({ chainId, accountAddress: '' })
        fieldsAsked.set(chainId, data)
        return data
      },
      signed({ chainId, address, message, signature, cacao, wallet }) {
        const fields = fieldsAsked.get(chainId)
        fieldsAsked.clear()
        if (!fields) return
        const session: SiwxSession = {
          data: { ...fields, chainId, accountAddress: address },
          message,
          signature,
          cacao,
        }
        signedOnConnect = adapter()
          .then((siwx) => siwx.addSession(session))
          .then(
            () => {
              // Only a WalletConnect pairing signs as it connects (docs/behaviour.md#sign-in).
              kept({ chainId, address }, session, {
                type: 'WALLET_CONNECT',
                name: wallet?.name ?? 'WalletConnect',
                icon: wallet?.icon,
              })
              return true
            },
            async (error: unknown) => {
              await refused(error)
              return true
            },
          )
          .finally(() => {
            signedOnConnect = undefined
          })
      },
    }
    if (required) for (const chain of chains.adapters) chain.setSignInOnConnect?.(signInOnConnect)

    /** The step failed before anything was kept: the view says why and offers to sign again. */
    function failed(text: string, error: unknown) {
      state.setState({ status: 'unsigned', error: text })
      analytics.track('SIWX_AUTH_ERROR', { message: error instanceof Error ? error.message : String(error) })
    }

    async function signIn(): Promise<void> {
      const target = signer
      if (!target || state.getState().status === 'signing') return
      state.setState({ status: 'signing', error: undefined })
      let siwx: SiwxAdapter
      let data: SiwxMessageData
      let message: string
      try {
        siwx = await adapter()
        // The server makes the message without the account (spec §7's sign-in flow); the modal fills it in.
        data = {
          ...(await siwx.createMessage({ chainId: target.chainId, accountAddress: '' })),
          accountAddress: target.address,
        }
        const family = chains.family(data.chainId.split(':')[0] as ChainNamespace)
        if (!family) {
          throw new SiwxError('unsupportedChain', { text: `Sign-in is not supported on ${data.chainId}` })
        }
        message = await family.signInMessage(data)
      } catch (error) {
        return failed(SiwxErrorText.initialize, error)
      }
      let session: SiwxSession
      const connector = chains.getAccount().connector
      try {
        const actions = await chains.adapterFor(chains.state.getState().activeNamespace).loadWalletActions?.()
        if (!actions) throw new KernelError('noWalletActions')
        session = { data, message, signature: await actions.signMessage(target.address, message) }
      } catch (error) {
        if (isUserRejection(error)) return failed(SiwxErrorText.signRejected, error)
        analytics.reportError(error, 'siwx signMessage')
        return failed(SiwxErrorText.signFailed, error)
      }
      try {
        await siwx.addSession(session)
      } catch (error) {
        return refused(error)
      }
      kept(target, session, {
        type: connector?.type ?? 'EXTERNAL',
        name: connector?.name ?? '',
        icon: connector?.imageUrl ?? connector?.info?.icon,
      })
      if (modal.getState().open && currentEntry(modal.getState().router).view === 'SiwxSignMessage')
        modal.close()
    }

    /** Cancel on SiwxSignMessage: a required sign-in disconnects the wallet, an optional one just closes. */
    async function cancel(): Promise<void> {
      if (!required || state.getState().status === 'signedIn') {
        modal.close()
        return
      }
      state.setState({ status: 'idle', error: undefined })
      await modal.disconnect()
    }

    /** Ends the connected account's session on the server; the wallet stays connected. */
    async function signOut(): Promise<void> {
      const target = signer
      if (!target) return
      await (await adapter()).revokeSession(target.chainId, target.address)
      if (sameSigner(target, signer))
        state.setState({ status: 'unsigned', session: undefined, error: undefined, wallet: undefined })
    }

    /** Clearing sessions empties the stored sessions (docs/behaviour.md#sign-in). */
    async function clearSessions(): Promise<void> {
      try {
        await (await adapter()).setSessions([])
      } catch (error) {
        analytics.reportError(error, 'siwx setSessions')
      }
    }

    const releases = [
      chains.subscribe(follow),
      // Closing the sign-in view unsigned is a Cancel.
      modal.subscribe((next, previous) => {
        if (!previous.open || next.open) return
        if (currentEntry(previous.router).view !== 'SiwxSignMessage') return
        if (required && state.getState().status === 'unsigned') void modal.disconnect()
      }),
    ]
    follow()

    return {
      state,
      required,
      /** Who asks: the site's name, as the view says it. */
      siteName: options.metadata.name,
      signIn,
      cancel,
      signOut,
      /** Opens the sign-in view for the connected account (e.g. a site's "Sign in" after signing out). */
      requestSignIn: () => modal.open({ view: 'SiwxSignMessage' }),
      destroy() {
        for (const release of releases) release()
        for (const chain of chains.adapters) chain.setSignInOnConnect?.(undefined)
      },
    }
  }
}

export type SiwxFeature = ReturnType<ReturnType<typeof createSiwxFeature>>
