import { ChainNotConfiguredError, type CreateConnectorFn, ProviderNotFoundError } from '@wagmi/core'
import { Core } from '@walletconnect/core'
import { SignClient } from '@walletconnect/sign-client'
import {
  type AddEthereumChainParameter,
  getAddress,
  numberToHex,
  type RpcError,
  SwitchChainError,
  UserRejectedRequestError,
} from 'viem'
import type { SignInOnConnect } from '../types'
import { announceWalletConnectSession } from '../walletConnectSession'
import { WALLETCONNECT_MESSAGES } from './walletConnectMessages'
import {
  REQUESTED_CHAINS_KEY,
  WALLETCONNECT_CONNECTOR_ID,
  type WalletConnectOptions,
} from './walletConnectOptions'
import {
  createWalletConnectProvider,
  type RpcRequest,
  type Session,
  type WalletConnectClient,
  type WalletConnectProvider,
} from './walletConnectProvider'

type ConnectorConfig = Parameters<CreateConnectorFn>[0]
type Emitter = ConnectorConfig['emitter']
type Transport = NonNullable<ConnectorConfig['transports']>[number]
type SwitchChainParameters = Parameters<NonNullable<ReturnType<CreateConnectorFn>['switchChain']>>[0]
export type WalletConnectConnector = ReturnType<typeof createWalletConnectConnector>

/** `RELAYER_EVENTS.error` of `@walletconnect/core` (not imported: it is the client's, not this chunk's API). */
const RELAYER_ERROR = 'relayer_error'
/** The level WalletConnect's providers log at. */
const LOG_LEVEL = 'error'

/**
 * The WalletConnect connector (its own chunk, loaded on first use): WalletConnect's sign client with the
 * modal's own EIP-1193 provider, behaving as wagmi's WalletConnect connector does. Reads go to the config's
 * transports; Verify is pointed at `verifyUrl` when given; the relay's refusals are passed on as
 * `relay_refused` messages (WalletConnect's client reports them only as an event of its relayer).
 */
export function createWalletConnectConnector(
  { verifyUrl, isNewChainsStale = true, ...clientOptions }: WalletConnectOptions,
  config: ConnectorConfig,
) {
  const { chains, emitter, storage } = config
  let providerPromise: Promise<WalletConnectProvider> | undefined
  const transports = new Map<number, ReturnType<Transport>>()

  /** A read on the site's own transport for the chain. */
  function read(chainId: number, request: RpcRequest): Promise<unknown> {
    let transport = transports.get(chainId)
    if (!transport) {
      const chain = chains.find(({ id }) => id === chainId)
      const create = config.transports?.[chainId]
      if (!chain || !create) throw new ChainNotConfiguredError()
      transport = create({ chain, retryCount: 0 })
      transports.set(chainId, transport)
    }
    return transport.request(request as never)
  }

  async function createProvider(): Promise<WalletConnectProvider> {
    // The core first, heard before the client starts: its relayer opens the socket while the client still reads
    // its stores, and a relay that refuses a stored session's client says so then (a refusal missed there is
    // never said again).
    const core = new Core({ ...clientOptions, logger: LOG_LEVEL })
    reportRelayRefusals({ core }, emitter)
    if (verifyUrl) pointVerifyAt({ core }, verifyUrl)
    const client = await SignClient.init({ ...clientOptions, core, logger: LOG_LEVEL })
    return createWalletConnectProvider(client, read, {
      accountsChanged: (accounts) => connector.onAccountsChanged(accounts),
      chainChanged: (chainId) => connector.onChainChanged(String(chainId)),
      disconnect: () => connector.onDisconnect(),
      displayUri: (uri) => emitter.emit('message', { type: WALLETCONNECT_MESSAGES.pairingUri, data: uri }),
      sessionChanged: (session) => share(session),
    })
  }

  /**
   * The session as the other families see it (chains/walletConnectSession.ts): their requests go over it, and
   * ending it from one of them ends this connection too, so wagmi hears it.
   */
  function share(session: Session | undefined) {
    if (!session) return announceWalletConnectSession(undefined)
    const inNamespace = (
      namespace: string,
      pick: (entry: { accounts: string[]; methods: string[] }) => string[],
    ) =>
      Object.entries(session.namespaces).flatMap(([key, entry]) =>
        key.split(':')[0] === namespace ? pick(entry) : [],
      )
    announceWalletConnectSession({
      topic: session.topic,
      owner: { namespace: 'eip155', connectorId: WALLETCONNECT_CONNECTOR_ID },
      // A session always names its peer; a stub in a test may not.
      wallet: { name: session.peer?.metadata.name ?? '', icon: session.peer?.metadata.icons[0] },
      accounts: (namespace) => inNamespace(namespace, (entry) => entry.accounts),
      methods: (namespace) => inNamespace(namespace, (entry) => entry.methods),
      request: async (chainId, method, params) =>
        (await connector.getProvider()).requestOn(chainId, method, params),
      async disconnect() {
        await connector.disconnect()
        connector.onDisconnect()
      },
    })
  }

  const getRequestedChainsIds = async () =>
    ((await storage?.getItem(REQUESTED_CHAINS_KEY)) as number[] | null) ?? []
  const setRequestedChainsIds = (chainIds: number[]) => storage?.setItem(REQUESTED_CHAINS_KEY, chainIds)

  /**
   * Whether the site has chains the session was never asked for (a session from before a chain was added):
   * such a session is ended and proposed anew, as wagmi's connector does unless `isNewChainsStale` is false.
   */
  async function isChainsStale(provider: WalletConnectProvider): Promise<boolean> {
    if (!isNewChainsStale) return false
    const siteChains = chains.map(({ id }) => id)
    const sessionChains = (provider.session?.namespaces.eip155?.accounts ?? []).map((account) =>
      Number(account.split(':')[1]),
    )
    if (sessionChains.length && !sessionChains.some((id) => siteChains.includes(id))) return false
    const requested = await getRequestedChainsIds()
    return !siteChains.every((id) => requested.includes(id))
  }

  const connector = {
    async setup() {
      await connector.getProvider().catch(() => undefined)
    },

    async connect({
      chainId,
      withCapabilities,
      signIn,
    }: {
      chainId?: number
      isReconnecting?: boolean
      withCapabilities?: boolean
      /** The sign-in feature's request: the wallet signs in as it connects, where it can. */
      signIn?: SignInOnConnect
    } = {}) {
      try {
        const provider = await connector.getProvider()
        let targetChainId = chainId
        if (!targetChainId) {
          const state = (await storage?.getItem('state')) ?? {}
          targetChainId = chains.some(({ id }) => id === state.chainId) ? state.chainId : chains[0]?.id
        }
        if (!targetChainId) throw new Error('No chains found on connector.')

        const stale = await isChainsStale(provider)
        if (provider.session && stale) await provider.disconnect()
        if (!provider.session || stale) {
          await provider.connect(
            [targetChainId, ...chains.map(({ id }) => id).filter((id) => id !== targetChainId)],
            signIn,
          )
          await setRequestedChainsIds(chains.map(({ id }) => id))
        }
        const accounts = provider.accounts.map((address) => getAddress(address))

        let currentChainId = provider.chainId
        if (chainId && currentChainId !== chainId) {
          const chain = await connector.switchChain({ chainId }).catch((error: RpcError) => {
            if (
              error.code === UserRejectedRequestError.code &&
              (error.cause as RpcError | undefined)?.message !==
                'Missing or invalid. request() method: wallet_addEthereumChain'
            )
              throw error
            return { id: currentChainId }
          })
          currentChainId = chain.id
        }
        return {
          accounts: withCapabilities ? accounts.map((address) => ({ address, capabilities: {} })) : accounts,
          chainId: currentChainId,
        }
      } catch (error) {
        if (/(user rejected|connection request reset)/i.test((error as Error)?.message))
          throw new UserRejectedRequestError(error as Error)
        throw error
      }
    },

    async disconnect() {
      const provider = await connector.getProvider()
      try {
        await provider.disconnect()
      } catch (error) {
        if (!/No matching key/i.test((error as Error).message)) throw error
      } finally {
        await setRequestedChainsIds([])
      }
    },

    async getAccounts() {
      return (await connector.getProvider()).accounts.map((address) => getAddress(address))
    },

    async getProvider({ chainId }: { chainId?: number } = {}) {
      providerPromise ??= createProvider()
      const provider = await providerPromise
      // wagmi asks for the provider on the connection's chain before every wallet call: switch only when the
      // chain differs, or each call would cost a switch round trip (and reset the accounts to the session's).
      if (chainId && chainId !== provider.chainId) await connector.switchChain({ chainId })
      return provider
    },

    async getChainId() {
      return (await connector.getProvider()).chainId
    },

    async isAuthorized() {
      try {
        const provider = await connector.getProvider()
        if (!provider.accounts.length) return false
        if ((await isChainsStale(provider)) && provider.session) {
          await provider.disconnect().catch(() => {})
          return false
        }
        return true
      } catch {
        return false
      }
    },

    async switchChain({ addEthereumChainParameter, chainId }: SwitchChainParameters) {
      const provider = await connector.getProvider()
      if (!provider) throw new ProviderNotFoundError()
      const chain = chains.find(({ id }) => id === chainId)
      if (!chain) throw new SwitchChainError(new ChainNotConfiguredError())

      let listener: (data: { chainId?: number }) => void = () => {}
      try {
        await Promise.all([
          new Promise<void>((resolve) => {
            listener = (data) => {
              if (data.chainId !== chainId) return
              emitter.off('change', listener)
              resolve()
            }
            emitter.on('change', listener)
          }),
          provider.request({
            method: 'wallet_switchEthereumChain',
            params: [{ chainId: numberToHex(chainId) }],
          }),
        ])
        await setRequestedChainsIds([...(await getRequestedChainsIds()), chainId])
        return chain
      } catch (switchError) {
        emitter.off('change', listener)
        if (/(user rejected)/i.test((switchError as Error).message))
          throw new UserRejectedRequestError(switchError as Error)
        // The wallet may not have the chain yet: it is asked to add it.
        try {
          const explorer = chain.blockExplorers?.default.url
          await provider.request({
            method: 'wallet_addEthereumChain',
            params: [
              {
                blockExplorerUrls:
                  addEthereumChainParameter?.blockExplorerUrls ?? (explorer ? [explorer] : []),
                chainId: numberToHex(chainId),
                chainName: addEthereumChainParameter?.chainName ?? chain.name,
                iconUrls: addEthereumChainParameter?.iconUrls,
                nativeCurrency: addEthereumChainParameter?.nativeCurrency ?? chain.nativeCurrency,
                rpcUrls: addEthereumChainParameter?.rpcUrls?.length
                  ? addEthereumChainParameter.rpcUrls
                  : [...chain.rpcUrls.default.http],
              } satisfies AddEthereumChainParameter,
            ],
          })
          await setRequestedChainsIds([...(await getRequestedChainsIds()), chainId])
          return chain
        } catch (error) {
          throw new UserRejectedRequestError(error as Error)
        }
      }
    },

    onAccountsChanged(accounts: string[]) {
      if (accounts.length === 0) connector.onDisconnect()
      else emitter.emit('change', { accounts: accounts.map((address) => getAddress(address)) })
    },

    onChainChanged(chain: string) {
      emitter.emit('change', { chainId: Number(chain) })
    },

    onDisconnect(_error?: Error) {
      void setRequestedChainsIds([])
      emitter.emit('disconnect')
    },
  }
  return connector
}

/**
 * Points the client's Verify v3 at `verifyUrl`: it loads `<verifyUrl>/attestation?…` in a hidden frame to attest
 * the page's origin for each proposal and request. WalletConnect's 2.25 clients take no option for it (the URL
 * is a private field), so the field is set here (docs/relay.md, Verify).
 */
function pointVerifyAt(client: Pick<WalletConnectClient, 'core'>, verifyUrl: string): void {
  Object.assign(client.core.verify, { verifyUrlV3: verifyUrl })
}

/**
 * A relay refusing the client closes the socket with code 3000 and its reason; WalletConnect's client reports it
 * as `WebSocket connection closed abnormally with code: 3000 (<reason>)` (docs/relay.md, Connection).
 */
const REFUSAL = /closed abnormally with code: 3000 ?(?:\((.*)\))?$/

/** The relay's reason when `error` is its refusal of the client ('' when it gave none), else undefined. */
export function relayRefusalReason(error: unknown): string | undefined {
  const match = error instanceof Error ? REFUSAL.exec(error.message) : null
  return match ? (match[1] ?? '') : undefined
}

/** Emits each relay refusal of the client as a `relay_refused` message carrying the reason. */
export function reportRelayRefusals(client: Pick<WalletConnectClient, 'core'>, emitter: Emitter): void {
  client.core.relayer.on(RELAYER_ERROR, (error: unknown) => {
    const reason = relayRefusalReason(error)
    if (reason !== undefined)
      emitter.emit('message', { type: WALLETCONNECT_MESSAGES.relayRefused, data: reason })
  })
}
