/**
 * The Wallet Standard face of the scripted Solana wallet: a `Wallet` object whose features forward each call to
 * `call` (the Node-side wallet: directly in a unit test, through a Playwright binding in a page). It runs INSIDE
 * the page too (serialised into an init script), so it uses nothing from the module scope; bytes cross `call`
 * as base64 strings.
 */

/** What the Node side answers, by method. */
export type SolanaWalletCall = (method: string, params: Record<string, unknown>) => Promise<unknown>

export interface SolanaWalletPageConfig {
  name: string
  icon: string
  /** The Wallet Standard chains the wallet lists (`solana:localnet`, or CAIP-2 ids). */
  chains: string[]
}

/** The wallet's account as Node describes it. */
export type AccountShape = { address: string; publicKey: string }

type Listener = (properties: Record<string, unknown>) => void
/** What a site passes for each transaction to sign (signAndSendTransaction's always names its chain). */
type TransactionInput = { account: unknown; transaction: Uint8Array; chain?: string }

export function buildSolanaWallet(config: SolanaWalletPageConfig, call: SolanaWalletCall) {
  const toBase64 = (bytes: Uint8Array) => {
    let text = ''
    for (const byte of bytes) text += String.fromCharCode(byte)
    return btoa(text)
  }
  const fromBase64 = (text: string) => Uint8Array.from(atob(text), (char) => char.charCodeAt(0))
  const features = ['solana:signMessage', 'solana:signTransaction', 'solana:signAndSendTransaction'] as const
  const listeners = new Set<Listener>()
  let accounts: Record<string, unknown>[] = []
  const toAccount = ({ address, publicKey }: AccountShape) =>
    Object.freeze({
      address,
      publicKey: fromBase64(publicKey),
      chains: config.chains,
      features,
    })
  const setAccounts = (shapes: AccountShape[]) => {
    accounts = shapes.map(toAccount)
    return accounts
  }
  const accountOf = (account: unknown) => {
    const address = (account as { address?: string } | undefined)?.address
    if (!accounts.some((candidate) => candidate.address === address))
      throw new Error('The account is not connected to this site')
    return address
  }
  /** A transaction's request to the Node side: the connected account, its chain and the bytes in base64. */
  const callWithTransaction = (method: string, input: TransactionInput) =>
    call(method, {
      account: accountOf(input.account),
      chain: input.chain,
      transaction: toBase64(input.transaction),
    })

  const wallet = {
    version: '1.0.0' as const,
    name: config.name,
    icon: config.icon,
    chains: config.chains,
    get accounts() {
      return accounts
    },
    features: {
      'standard:connect': {
        version: '1.0.0',
        connect: async (input?: { silent?: boolean }) => ({
          accounts: setAccounts(
            (await call('connect', { silent: input?.silent === true })) as AccountShape[],
          ),
        }),
      },
      'standard:disconnect': {
        version: '1.0.0',
        disconnect: async () => {
          await call('disconnect', {})
          setAccounts([])
        },
      },
      'standard:events': {
        version: '1.0.0',
        on: (_event: 'change', listener: Listener) => {
          listeners.add(listener)
          return () => listeners.delete(listener)
        },
      },
      'solana:signMessage': {
        version: '1.1.0',
        signMessage: async (...inputs: { account: unknown; message: Uint8Array }[]) =>
          Promise.all(
            inputs.map(async (input) => {
              const account = accountOf(input.account)
              const answer = (await call('signMessage', {
                account,
                message: toBase64(input.message),
              })) as { signature: string }
              return {
                signedMessage: input.message,
                signature: fromBase64(answer.signature),
                signatureType: 'ed25519',
              }
            }),
          ),
      },
      'solana:signTransaction': {
        version: '1.0.0',
        supportedTransactionVersions: ['legacy', 0],
        signTransaction: async (...inputs: TransactionInput[]) =>
          Promise.all(
            inputs.map(async (input) => {
              const answer = (await callWithTransaction('signTransaction', input)) as {
                signedTransaction: string
              }
              return { signedTransaction: fromBase64(answer.signedTransaction) }
            }),
          ),
      },
      'solana:signAndSendTransaction': {
        version: '1.0.0',
        supportedTransactionVersions: ['legacy', 0],
        signAndSendTransaction: async (...inputs: Required<TransactionInput>[]) =>
          Promise.all(
            inputs.map(async (input) => {
              const answer = (await callWithTransaction('signAndSendTransaction', input)) as {
                signature: string
              }
              return { signature: fromBase64(answer.signature) }
            }),
          ),
      },
    },
  }

  /** The Node side's `standard:events` change: the accounts it now lets the site see. */
  const change = (shapes: AccountShape[]) => {
    const changed = setAccounts(shapes)
    for (const listener of listeners) listener({ accounts: changed })
  }
  return { wallet, change }
}

/**
 * Registers a wallet with the page's Wallet Standard registry, as the standard's wallet side does: once now
 * (an app already listening registers it) and again each time an app announces itself ready.
 */
export function registerWalletStandardWallet(wallet: object): void {
  const register = ({ register }: { register: (wallet: object) => void }) => register(wallet)
  const announce = () => {
    window.dispatchEvent(
      Object.assign(new Event('wallet-standard:register-wallet', { bubbles: false, cancelable: false }), {
        detail: register,
      }),
    )
  }
  announce()
  window.addEventListener('wallet-standard:app-ready', (event) => {
    register((event as unknown as { detail: { register: (wallet: object) => void } }).detail)
  })
}
