import { randomUUID } from 'node:crypto'
import { WalletKit } from '@reown/walletkit'
import { Core } from '@walletconnect/core'
import type { SessionTypes, SignClientTypes, Verify } from '@walletconnect/types'
import { buildAuthObject, getSdkError } from '@walletconnect/utils'
import { hexToNumber, stringToHex } from 'viem'
import { toProviderRpcError, unsupportedMethod } from '../errors'
import { createScriptedWallet, type WalletController } from '../scripted-wallet'
import type { ScriptedWalletOptions, WalletEvent } from '../types'
import { approvedNamespaces, caip2, type SessionChains } from './namespaces'
import { CLOUD_PROJECT_ID } from './sign-client'
import { createSolanaResponder, type WalletConnectSolanaOptions } from './solana'

export interface WalletConnectWalletOptions extends ScriptedWalletOptions {
  /** The relay to use, e.g. `ws://127.0.0.1:8787/relay` (the cloud's). */
  relayUrl: string
  /** Shown to dapps. Default "All-Access Test Wallet". */
  name?: string
  /** The chains a session carries (see `SessionChains`). Default `proposed`. */
  sessionChains?: SessionChains
  /** The cloud project named to the relay. Default `CLOUD_PROJECT_ID`. */
  projectId?: string
  /**
   * A Verify v3 service to check dapps' attestations with (the cloud's `…/verify/v3`). Unset, the wallet asks
   * WalletConnect's public service about every attestation it receives (the site sends one with each proposal
   * and request), except under Vitest, where WalletConnect's clients skip Verify.
   */
  verifyUrl?: string
  /**
   * Answers one-click authentication (a proposal's `authentication` request): signs the dapp's sign-in message
   * as it connects. Default true; false, the wallet only connects, as a wallet without the feature does.
   */
  oneClickAuth?: boolean
  /**
   * A Solana account beside the EVM one: a session the dapp proposes solana for carries it too, and `solana_*`
   * requests are answered with its ed25519 key on the local chain. Unset: the wallet has EVM accounts only.
   */
  solana?: WalletConnectSolanaOptions
}

/** The scripted wallet over WalletConnect: `@reown/walletkit` in Node, steered like the injected one. */
export interface WalletConnectWallet extends WalletController {
  /** Active sessions, oldest first. */
  readonly sessions: SessionTypes.Struct[]
  /** What Verify said about each session proposal received, oldest first. */
  readonly proposalContexts: Verify.Context[]
  /** The Solana account (with `solana`) and every Solana call dapps made, in the scripted wallet's terms. */
  readonly solana: { address: string; requests: WalletController['requests'] } | undefined
  /**
   * Pairs with a dapp's `wc:` URI. Its session proposal is then asked of the "user" as
   * `eth_requestAccounts`: approved by default, or `rejectNext('eth_requestAccounts')`, `holdNext(…)`.
   */
  pair(uri: string): Promise<void>
  /** Closes the relay connection (sessions stay in memory until the wallet is dropped). */
  close(): Promise<void>
  /**
   * Connects to the relay again after `close()` and resubscribes every topic: what dapps sent meanwhile arrives
   * from the relay's cache.
   */
  open(): Promise<void>
}

type SessionProposal = SignClientTypes.EventArguments['session_proposal']
type SessionRequest = SignClientTypes.EventArguments['session_request']

/**
 * Starts a WalletConnect wallet on `relayUrl`: session proposals, `personal_sign`, `eth_signTypedData_v4`
 * and `eth_sendTransaction` are answered by the scripted wallet (signing with `privateKey`, sending
 * through the chain's `rpcUrl`); `switchChain`, `emitAccountsChanged` and `disconnect` reach every session.
 * Storage is in memory and nothing but the relay is contacted.
 */
export async function createWalletConnectWallet(
  options: WalletConnectWalletOptions,
): Promise<WalletConnectWallet> {
  const name = options.name ?? 'All-Access Test Wallet'
  const core = new Core({
    projectId: options.projectId ?? CLOUD_PROJECT_ID,
    relayUrl: options.relayUrl,
    // Every wallet its own keys and store, even several in one process.
    customStoragePrefix: `testkit-${randomUUID()}`,
    storageOptions: { database: ':memory:' },
    logger: 'silent',
    telemetryEnabled: false,
  })
  if (options.verifyUrl) useVerifyService(core, options.verifyUrl)
  const kit = await WalletKit.init({
    core,
    metadata: { name, description: name, url: 'http://127.0.0.1', icons: [] },
    // The queue would hold a second request for up to a second.
    signConfig: { disableRequestQueue: true },
  })
  const sessions = () => Object.values(kit.getActiveSessions())

  const emit = async (event: WalletEvent) => {
    for (const { topic } of sessions()) {
      if (event.name === 'disconnect') {
        await kit.disconnectSession({ topic, reason: getSdkError('USER_DISCONNECTED') })
      } else if (event.name === 'chainChanged') {
        const chainId = hexToNumber(event.payload)
        await kit.emitSessionEvent({
          topic,
          event: { name: 'chainChanged', data: chainId },
          chainId: caip2(chainId),
        })
      } else if (event.name === 'accountsChanged') {
        const chainId = caip2(wallet.chainId)
        await kit.emitSessionEvent({
          topic,
          event: { name: 'accountsChanged', data: event.payload },
          chainId,
        })
      }
    }
  }
  const wallet = createScriptedWallet(options, emit)
  const solana = options.solana && (await createSolanaResponder(options.solana))

  const proposalContexts: Verify.Context[] = []
  /**
   * One-click authentication: the proposal's sign-in request, signed as the "user" would be asked (personal_sign
   * after connecting); the CACAO goes back with the session.
   */
  const signInAnswers = async (params: SessionProposal['params'], origin: string) => {
    const [request] = params.requests?.authentication ?? []
    if (!request || !(options.oneClickAuth ?? true)) return {}
    const chains = options.chains.map(({ id: chainId }) => caip2(chainId))
    const chain = request.chains.find((candidate) => chains.includes(candidate)) ?? caip2(wallet.chainId)
    const iss = `did:pkh:${chain}:${wallet.address}`
    const message = kit.formatAuthMessage({ request, iss })
    const signature = (await wallet.handle({
      method: 'personal_sign',
      params: [stringToHex(message), wallet.address],
      origin,
    })) as string
    return {
      proposalRequestsResponses: {
        authentication: [
          buildAuthObject({ ...request, chains: [chain] }, { t: 'eip191', s: signature }, iss),
        ],
      },
    }
  }

  const onProposal = async ({ id, params, verifyContext }: SessionProposal) => {
    proposalContexts.push(verifyContext)
    const origin = params.proposer.metadata.url
    try {
      await wallet.handle({ method: 'eth_requestAccounts', origin })
      const others: SessionTypes.Namespaces = solana ? { solana: solana.namespace() } : {}
      const namespaces = approvedNamespaces(
        params,
        options.chains,
        wallet.address,
        options.sessionChains,
        others,
      )
      if (solana && namespaces.solana) await solana.authorize(origin)
      await kit.approveSession({ id, namespaces, ...(await signInAnswers(params, origin)) })
    } catch {
      await kit.rejectSession({ id, reason: getSdkError('USER_REJECTED') })
    }
  }

  const onRequest = async ({ topic, id, params }: SessionRequest) => {
    const origin = kit.getActiveSessions()[topic]?.peer.metadata.url ?? ''
    try {
      if (params.chainId.startsWith('solana:')) {
        if (!solana) throw unsupportedMethod(params.request.method)
        const result = await solana.handle(params.request.method, params.request.params, origin)
        return await kit.respondSessionRequest({ topic, response: { id, jsonrpc: '2.0', result } })
      }
      // A WalletConnect request names its chain: answer on it, as mobile wallets do.
      const chainId = Number(params.chainId.split(':')[1])
      if (chainId !== wallet.chainId) await wallet.switchChain(chainId)
      const result = await wallet.handle({
        method: params.request.method,
        params: params.request.params,
        origin,
      })
      await kit.respondSessionRequest({ topic, response: { id, jsonrpc: '2.0', result } })
    } catch (error) {
      const { code, message } = toProviderRpcError(error).toShape()
      await kit.respondSessionRequest({ topic, response: { id, jsonrpc: '2.0', error: { code, message } } })
    }
  }

  kit.on('session_proposal', (proposal) => void onProposal(proposal))
  kit.on('session_request', (request) => void onRequest(request))

  return {
    get address() {
      return wallet.address
    },
    get chainId() {
      return wallet.chainId
    },
    get isPermitted() {
      return wallet.isPermitted
    },
    get sessions() {
      return sessions()
    },
    proposalContexts,
    solana: solana && { address: solana.address, requests: solana.requests },
    requests: wallet.requests,
    setPolicy: wallet.setPolicy,
    rejectNext: wallet.rejectNext,
    holdNext: wallet.holdNext,
    waitForRequest: wallet.waitForRequest,
    emitAccountsChanged: wallet.emitAccountsChanged,
    switchChain: wallet.switchChain,
    disconnect: wallet.disconnect,
    pair: async (uri: string) => {
      await kit.pair({ uri })
    },
    close: () => kit.core.relayer.transportClose(),
    open: () => kit.core.relayer.transportOpen(),
  }
}

/**
 * Points a core's Verify at `verifyUrl` (a Verify v3 base such as `http://127.0.0.1:8787/verify/v3`): the
 * clients have no option for it (the URL is a private field, and v2 lookups only go to WalletConnect's own
 * hosts), so the field is set here; the test-run switch that turns Verify off is cleared likewise.
 */
function useVerifyService(core: InstanceType<typeof Core>, verifyUrl: string): void {
  Object.assign(core.verify, { verifyUrlV3: verifyUrl, isDevEnv: false })
}
