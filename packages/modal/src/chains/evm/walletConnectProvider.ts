import type { SignClient } from '@walletconnect/sign-client'
import { getSdkError } from '@walletconnect/utils'
import { type Address, numberToHex, UnsupportedProviderMethodError } from 'viem'
import type { CaipNetworkId, SignInOnConnect } from '../types'
import { offeredWalletConnectNamespaces } from '../walletConnectSession'

export type WalletConnectClient = InstanceType<typeof SignClient>
export type Session = ReturnType<WalletConnectClient['session']['get']>
export type RpcRequest = { method: string; params?: unknown }

const NAMESPACE = 'eip155'

/**
 * What the dapp proposes to wallets, as WalletConnect's Ethereum provider (2.25) proposes it: every chain of the
 * site as an optional chain, these methods and these events; a wallet approves the ones it has.
 */
export const PROPOSED_METHODS = [
  'eth_accounts',
  'eth_requestAccounts',
  'eth_sendRawTransaction',
  'eth_sign',
  'eth_signTransaction',
  'eth_signTypedData',
  'eth_signTypedData_v3',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'personal_sign',
  'wallet_switchEthereumChain',
  'wallet_addEthereumChain',
  'wallet_getPermissions',
  'wallet_requestPermissions',
  'wallet_registerOnboarding',
  'wallet_watchAsset',
  'wallet_scanQRCode',
  'wallet_sendCalls',
  'wallet_getCapabilities',
  'wallet_getCallsStatus',
  'wallet_showCallsStatus',
]
export const PROPOSED_EVENTS = ['chainChanged', 'accountsChanged', 'message', 'disconnect', 'connect']

/** How long a wallet may take to answer a sign-in asked while connecting: the server's nonce lives 10 minutes. */
const AUTHENTICATION_TTL_S = 600

/** Where WalletConnect's Ethereum provider kept a session's chain: a session it stored keeps its chain here. */
const CHAIN_ID_KEY = 'wc@2:ethereum_provider:/chainId'

/** What the provider tells its connector. */
export type WalletConnectProviderEvents = {
  accountsChanged(accounts: Address[]): void
  chainChanged(chainId: number): void
  /** The session ended: deleted or expired by either side. */
  disconnect(): void
  /** The pairing link of a connection attempt, for the QR code. */
  displayUri(uri: string): void
  /** The session in use changed: made, restored, updated by the wallet, or (undefined) ended. */
  sessionChanged?(session: Session | undefined): void
}

export type WalletConnectProvider = Awaited<ReturnType<typeof createWalletConnectProvider>>

const caip2 = (chainId: number) => `${NAMESPACE}:${chainId}` as const
/** A chain id as wallets send it: a number, decimal or hex, or CAIP-2 (`eip155:1`). */
const toChainId = (value: unknown) =>
  typeof value === 'number' ? value : Number(String(value).split(':').pop())
/** The client rejects with a plain `{ message, code }`: an Error carries the same message on. */
const rethrow = (error: { message: string }): never => {
  throw new Error(error.message)
}
/** The address of a CAIP-10 account (`eip155:1:0xabc…`), or the address itself. */
const toAddress = (account: string) => account.split(':').pop() as Address

/**
 * An EIP-1193 provider over WalletConnect's sign client, for the site's eip155 chains: the account requests and
 * `eth_chainId` are answered from the session, `wallet_switchEthereumChain` switches on the dapp's side when
 * the session has the chain, the proposed wallet methods go to the wallet, and every other method (reads) to
 * `read`, the site's own transport for the chain: none is sent to the wallet or to a public RPC.
 */
export async function createWalletConnectProvider(
  client: WalletConnectClient,
  read: (chainId: number, request: RpcRequest) => Promise<unknown>,
  events: WalletConnectProviderEvents,
) {
  const { storage } = client.core
  let session: Session | undefined
  let chainId = 0
  let accounts: Address[] = []

  /** The session's eip155 accounts (CAIP-10), whether its namespace is `eip155` or `eip155:<id>`. */
  const sessionAccounts = () =>
    Object.entries(session?.namespaces ?? {}).flatMap(([key, namespace]) =>
      key.split(':')[0] === NAMESPACE ? namespace.accounts : [],
    )
  /** The eip155 methods the wallet approved for the session. */
  const sessionMethods = () =>
    Object.entries(session?.namespaces ?? {}).flatMap(([key, namespace]) =>
      key.split(':')[0] === NAMESPACE ? namespace.methods : [],
    )
  const accountsOn = (id: number) => [
    ...new Set(
      sessionAccounts().flatMap((account) =>
        account.startsWith(`${caip2(id)}:`) ? [toAddress(account)] : [],
      ),
    ),
  ]
  const sessionChains = () => [
    ...new Set(sessionAccounts().map((account) => toChainId(account.split(':')[1]))),
  ]

  /** Starts using `next` on chain `id`, or on the first chain of its accounts. */
  function use(next: Session, id?: number) {
    session = next
    chainId = id ?? sessionChains()[0] ?? 0
    accounts = accountsOn(chainId)
    events.sessionChanged?.(session)
  }

  /** Moves to chain `id`; the accounts follow when the session has others on it. */
  function setChain(id: number) {
    chainId = id
    if (session) void storage.setItem(CHAIN_ID_KEY, id)
    events.chainChanged(id)
    const onChain = accountsOn(id)
    if (onChain.length && onChain.join() !== accounts.join()) setAccounts(onChain)
  }

  function setAccounts(next: Address[]) {
    accounts = next
    events.accountsChanged(next)
  }

  /** Stops listening on pairings left from earlier attempts; deletes them too once the session ended. */
  async function releasePairings(deletePairings: boolean) {
    for (const { topic } of client.pairing.getAll()) {
      if (deletePairings) client.core.expirer.set(topic, 0)
      else await client.core.relayer.subscriber.unsubscribe(topic).catch(() => {})
    }
  }

  function end() {
    const ended = session
    session = undefined
    chainId = 0
    accounts = []
    void releasePairings(true)
    if (ended) events.sessionChanged?.(undefined)
  }

  // A session stored by an earlier page, restored on its chain.
  const stored = client.session.getAll()[0]
  if (stored) {
    const storedChainId = await storage.getItem<number>(CHAIN_ID_KEY)
    use(stored, storedChainId ? toChainId(storedChainId) : undefined)
  }

  /** Proposals made so far: only the newest one's link is shown. */
  let proposals = 0

  const isOurs = (topic: string) => topic === session?.topic
  client.on('session_event', ({ topic, params: { event, chainId: on } }) => {
    // Another namespace's event of the same session (a Solana account changed) is not this family's.
    if (!isOurs(topic) || !on?.startsWith(`${NAMESPACE}:`)) return
    if (event.name === 'accountsChanged' && Array.isArray(event.data) && event.data.length)
      setAccounts((event.data as string[]).map(toAddress))
    else if (event.name === 'chainChanged') setChain(toChainId(event.data))
  })
  client.on('session_update', ({ topic, params }) => {
    if (!isOurs(topic) || !session) return
    session = { ...session, namespaces: params.namespaces }
    events.sessionChanged?.(session)
    const onChain = accountsOn(chainId)
    if (onChain.length && onChain.join() !== accounts.join()) setAccounts(onChain)
  })
  const onEnded = ({ topic }: { topic: string }) => {
    if (!isOurs(topic)) return
    end()
    events.disconnect()
  }
  client.on('session_delete', onEnded)
  client.on('session_expire', onEnded)

  async function switchChain(params: unknown): Promise<null> {
    const hex = String((params as [{ chainId: string }])[0].chainId)
    const target = Number.parseInt(hex, 16)
    if (!session) throw new Error('Please call connect() before request()')
    // A chain the session lacks is the wallet's to add: asked on a chain the session has, which it accepts.
    if (!sessionChains().includes(target))
      await client.request({
        topic: session.topic,
        chainId: caip2(sessionChains()[0] ?? chainId),
        request: { method: 'wallet_switchEthereumChain', params: [{ chainId: numberToHex(target) }] },
      })
    setChain(target)
    return null
  }

  /**
   * Proposes a session; with `signIn`, the proposal asks the wallet to sign the sign-in message too (one-click
   * authentication), and a wallet that does answers with its CACAO beside the session.
   */
  async function propose(chains: readonly number[], signIn?: SignInOnConnect): Promise<Session> {
    const mine = ++proposals
    const fields = signIn && (await signIn.fields(caip2(chains[0] ?? chainId)))
    const { uri, approval } = await client.connect({
      // The other families' namespaces beside (Solana's, when the site has it): one session for all of them.
      optionalNamespaces: {
        ...offeredWalletConnectNamespaces(),
        [NAMESPACE]: { chains: chains.map(caip2), methods: PROPOSED_METHODS, events: PROPOSED_EVENTS },
      },
      ...(fields
        ? {
            authentication: [
              {
                chains: chains.map(caip2),
                domain: fields.domain,
                uri: fields.uri,
                nonce: fields.nonce,
                ttl: AUTHENTICATION_TTL_S,
                ...(fields.statement ? { statement: fields.statement } : {}),
                ...(fields.requestId ? { requestId: fields.requestId } : {}),
                ...(fields.resources?.length ? { resources: [...fields.resources] } : {}),
                ...(fields.expirationTime ? { exp: fields.expirationTime } : {}),
                ...(fields.notBefore ? { nbf: fields.notBefore } : {}),
              },
            ],
          }
        : {}),
    })
    // An earlier proposal whose link comes late (it waited for the relay while the visitor pressed Try again)
    // would stand in for the newest one's: a wallet pairing with it answers a proposal nobody waits for.
    if (uri && mine === proposals) events.displayUri(uri)
    const session = await approval().catch(rethrow)
    const [cacao] = session.authentication ?? []
    if (signIn && cacao) {
      const [reference, address] = cacao.p.iss.split(':').slice(-2)
      signIn.signed({
        chainId: `${NAMESPACE}:${reference}`,
        address: address as Address,
        message: client.formatAuthMessage({ request: cacao.p, iss: cacao.p.iss }),
        signature: cacao.s.s,
        cacao,
        wallet: { name: session.peer.metadata.name, icon: session.peer.metadata.icons[0] },
      })
    }
    return session
  }

  return {
    client,
    get session() {
      return session
    },
    get chainId() {
      return chainId
    },
    get accounts() {
      return accounts
    },

    /**
     * Proposes a session for `chains` (the first is preferred) and waits for the wallet's answer. With `signIn`,
     * asks the wallet to sign in as it connects (one-click authentication); a wallet that can't only connects.
     */
    async connect(chains: readonly number[], signIn?: SignInOnConnect): Promise<void> {
      void releasePairings(false)
      use(await propose(chains, signIn))
      await storage.setItem(CHAIN_ID_KEY, chainId)
    },

    /** Ends the session on both sides. */
    async disconnect(): Promise<void> {
      if (!session) return
      try {
        await client.disconnect({ topic: session.topic, reason: getSdkError('USER_DISCONNECTED') })
      } finally {
        end()
      }
    },

    /** A request of another family's namespace (`chainId` names it) to the wallet, over the session. */
    async requestOn(chainId: CaipNetworkId, method: string, params: unknown): Promise<unknown> {
      if (!session) throw new Error('Please call connect() before request()')
      return client.request({ topic: session.topic, chainId, request: { method, params } })
    },

    async request({ method, params }: RpcRequest): Promise<unknown> {
      switch (method) {
        case 'eth_accounts':
        case 'eth_requestAccounts':
          return accounts
        case 'eth_chainId':
          return numberToHex(chainId)
        case 'wallet_switchEthereumChain':
          return switchChain(params)
      }
      if (!PROPOSED_METHODS.includes(method)) return read(chainId, { method, params })
      if (!session) throw new Error('Please call connect() before request()')
      // A method the wallet did not approve is answered here (EIP-1193's 4200), as the wallet would: WalletConnect's
      // client would refuse it too, but only after logging an error.
      if (!sessionMethods().includes(method))
        throw new UnsupportedProviderMethodError(new Error(`The wallet's session does not support ${method}`))
      return client.request({ topic: session.topic, chainId: caip2(chainId), request: { method, params } })
    },
  }
}
