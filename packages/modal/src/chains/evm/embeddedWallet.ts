import { FRAME_SIGN_OUT_WAIT_MS } from '@allaccess/frame-protocol'
import { createConnector } from '@wagmi/core'
import { type Address, getAddress } from 'viem'
import { createFrameHost, type FrameHost, FrameRequestError } from '../../embedded/frameHost'
import { isConnectedPayload, keepSessionHandle, rpcRequestPayload } from './embeddedRequests'
import {
  EMAIL_LOGIN_USED_KEY,
  EMBEDDED_WALLET_ID,
  EMBEDDED_WALLET_TYPE,
  type EmbeddedWalletOptions,
} from './embeddedWalletOptions'

type RequestArguments = { method: string; params?: unknown }
/** The EIP-1193 provider of the embedded wallet: every call is a request to the frame. */
export type EmbeddedWalletProvider = {
  request(args: RequestArguments): Promise<unknown>
  /** The frame itself, for the e-mail feature's sign-in steps. */
  frame: FrameHost
}

/**
 * An EIP-1193 error as viem and wagmi read it: a message and a numeric code. Not on the modal's error base, whose
 * `code` is a catalogue name: this one is the provider's wire format.
 */
class ProviderRpcError extends Error {
  override name = 'ProviderRpcError'
  constructor(
    message: string,
    readonly code: number,
  ) {
    super(message)
  }
}

/**
 * The embedded (e-mail) wallet as a wagmi connector, type AUTH in the modal (docs/behaviour.md#email): an EIP-1193
 * provider over the frame, so the site's mint and the Account and Send views work with it unchanged. The frame signs
 * nothing without the user's approval in its own UI; the host never holds the key, a share or the session.
 */
export function embeddedWallet(options: EmbeddedWalletOptions) {
  return createConnector<EmbeddedWalletProvider>((config) => {
    const firstChain = config.chains[0]
    if (!firstChain) throw new Error('The embedded wallet needs at least one chain')
    let chainId: number = firstChain.id
    const frame = createFrameHost({
      frameUrl: options.frameUrl,
      projectId: options.projectId,
      chainId,
      rpcUrl: options.rpcUrl(chainId),
      version: options.version,
    })
    const provider: EmbeddedWalletProvider = {
      frame,
      async request({ method, params }) {
        try {
          const { result } = await frame.request(
            'rpcRequest',
            rpcRequestPayload({ method, params }, chainId, options.rpcUrl(chainId)),
          )
          return result
        } catch (error) {
          if (error instanceof FrameRequestError)
            throw new ProviderRpcError(error.message, error.rpcCode ?? -32603)
          throw error
        }
      },
    }
    const storage = () => globalThis.localStorage as Storage | undefined
    // The frame's session handle (never its token): kept so a later load asks "is it still that session?".
    frame.onSessionUpdate((handle) => keepSessionHandle(storage(), handle))

    async function user() {
      return frame.request('getUser', { chainId, rpcUrl: options.rpcUrl(chainId) })
    }

    return {
      id: EMBEDDED_WALLET_ID,
      name: 'E-mail',
      type: EMBEDDED_WALLET_TYPE,
      async connect({ chainId: wanted, withCapabilities } = {}) {
        if (wanted && wanted !== chainId) await this.switchChain?.({ chainId: wanted })
        const { address } = await user()
        storage()?.setItem(EMAIL_LOGIN_USED_KEY, 'true')
        const accounts = [getAddress(address)]
        return {
          accounts: (withCapabilities
            ? accounts.map((account) => ({ address: account, capabilities: {} }))
            : accounts) as never,
          chainId,
        }
      },
      async disconnect() {
        storage()?.removeItem(EMAIL_LOGIN_USED_KEY)
        keepSessionHandle(storage(), null)
        // docs/behaviour.md#email: sign-out waits at most 3 s for the frame; the page is signed out either way.
        await Promise.race([
          frame.request('signOut', {}).catch(() => {}),
          new Promise((resolve) => setTimeout(resolve, FRAME_SIGN_OUT_WAIT_MS)),
        ])
      },
      async getAccounts(): Promise<readonly Address[]> {
        return [getAddress((await user()).address)]
      },
      async getChainId() {
        return chainId
      },
      async getProvider() {
        return provider
      },
      async isAuthorized() {
        if (storage()?.getItem(EMAIL_LOGIN_USED_KEY) !== 'true') return false
        try {
          const { isConnected } = await frame.request('isConnected', isConnectedPayload(storage()))
          // A failed is-connected check clears the cached login (docs/behaviour.md#email).
          if (!isConnected) storage()?.removeItem(EMAIL_LOGIN_USED_KEY)
          return isConnected
        } catch {
          return false
        }
      },
      async switchChain({ chainId: next }) {
        const chain = config.chains.find((candidate) => candidate.id === next)
        if (!chain) throw new ProviderRpcError('Unsupported chain', 4902)
        await frame.request('switchNetwork', { chainId: next, rpcUrl: options.rpcUrl(next) })
        chainId = next
        config.emitter.emit('change', { chainId: next })
        return chain
      },
      onAccountsChanged(accounts) {
        if (accounts.length === 0) config.emitter.emit('disconnect')
        else config.emitter.emit('change', { accounts: accounts.map((account) => getAddress(account)) })
      },
      onChainChanged(next) {
        chainId = Number(next)
        config.emitter.emit('change', { chainId })
      },
      onDisconnect() {
        config.emitter.emit('disconnect')
      },
    }
  })
}
embeddedWallet.type = EMBEDDED_WALLET_TYPE
