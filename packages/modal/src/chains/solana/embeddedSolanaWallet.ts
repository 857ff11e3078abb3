import { FRAME_SOLANA_NAMESPACE } from '@allaccess/frame-protocol'
import { getBase58Decoder, getBase58Encoder, getBase64Decoder, getBase64Encoder } from '@solana/kit'
import type {
  SolanaSignAndSendTransactionFeature,
  SolanaSignMessageFeature,
  SolanaSignTransactionFeature,
} from '@solana/wallet-standard-features'
import type { Wallet, WalletAccount } from '@wallet-standard/base'
import type { StandardConnectFeature, StandardEventsFeature } from '@wallet-standard/features'
import { EMBEDDED_WALLET_ICON } from '../../embedded/embeddedWalletIcon'
import type { FrameHost } from '../../embedded/frameHost'
import { KernelError } from '../../kernel/errors'
import type { Network } from '../types'
import { SolanaError } from './errors'
import { networkOfChain, walletChainOf } from './solanaChains'
import { ownWallet } from './walletStandard'

/** The embedded wallet's name among Solana wallets, and its connector's id. */
export const EMBEDDED_SOLANA_NAME = 'E-mail'

const SOLANA_FEATURES = [
  'solana:signMessage',
  'solana:signTransaction',
  'solana:signAndSendTransaction',
] as const
const base58 = (bytes: Uint8Array) => getBase58Decoder().decode(bytes)
const bytesOf58 = (text: string) => new Uint8Array(getBase58Encoder().encode(text))
const base64 = (bytes: Uint8Array) => getBase64Decoder().decode(bytes)
const bytesOf64 = (text: string) => new Uint8Array(getBase64Encoder().encode(text))

/**
 * The embedded (e-mail) wallet's Solana account as a Wallet Standard wallet over its frame (docs/embedded-wallet.md#solana):
 * the address is the frame's `getUser` answer; each signature is a `solana_*` request the user approves in the frame,
 * and a send goes out through the cloud's gateway from the frame. The host never holds the key.
 */
export function embeddedSolanaWallet(frame: FrameHost, networks: readonly Network[]): Wallet {
  const chains = [...new Set(networks.map(walletChainOf))]
  let accounts: WalletAccount[] = []
  /**
   * The Solana network a request names (the standard's chain name, or its CAIP-2 id); none named: the site's first.
   * A chain the site does not serve is refused, never sent on another network than the one asked for.
   */
  const referenceOf = (chain: string) => {
    const network = networkOfChain(networks, chain || undefined)
    if (!network) throw new KernelError('unsupportedChain')
    return String(network.id)
  }
  async function request(method: string, params: unknown, chain: string): Promise<Record<string, unknown>> {
    const { result } = await frame.request('rpcRequest', {
      method,
      params,
      chainId: referenceOf(chain),
      chainNamespace: FRAME_SOLANA_NAMESPACE,
    })
    return (result ?? {}) as Record<string, unknown>
  }
  const answer = (value: unknown) => {
    if (typeof value !== 'string') throw new SolanaError('walletAnsweredNothing')
    return value
  }

  const connect: StandardConnectFeature['standard:connect']['connect'] = async () => {
    const { chainId } = await frame.request('getChainId', {})
    const { solanaAddress } = await frame.request('getUser', { chainId })
    if (!solanaAddress) throw new SolanaError('noEmbeddedAccount')
    accounts = [
      {
        address: solanaAddress,
        publicKey: bytesOf58(solanaAddress),
        chains: chains as `${string}:${string}`[],
        features: [...SOLANA_FEATURES],
      },
    ]
    return { accounts }
  }
  const signMessage: SolanaSignMessageFeature['solana:signMessage']['signMessage'] = async (...inputs) =>
    Promise.all(
      inputs.map(async ({ account, message }) => {
        const params = { message: base58(message), pubkey: account.address }
        const { signature } = await request('solana_signMessage', params, chains[0] ?? '')
        return { signedMessage: message, signature: bytesOf58(answer(signature)) }
      }),
    )
  const signTransaction: SolanaSignTransactionFeature['solana:signTransaction']['signTransaction'] = async (
    ...inputs
  ) =>
    Promise.all(
      inputs.map(async ({ transaction, chain }) => {
        const params = { transaction: base64(transaction) }
        const { transaction: signed } = await request(
          'solana_signTransaction',
          params,
          chain ?? chains[0] ?? '',
        )
        return { signedTransaction: bytesOf64(answer(signed)) }
      }),
    )
  const signAndSendTransaction: SolanaSignAndSendTransactionFeature['solana:signAndSendTransaction']['signAndSendTransaction'] =
    async (...inputs) =>
      Promise.all(
        inputs.map(async ({ transaction, chain }) => {
          const params = { transaction: base64(transaction) }
          const { signature } = await request('solana_signAndSendTransaction', params, chain)
          return { signature: bytesOf58(answer(signature)) }
        }),
      )

  const events: StandardEventsFeature['standard:events']['on'] = () => () => {}
  return ownWallet(
    {
      version: '1.0.0',
      name: EMBEDDED_SOLANA_NAME,
      icon: EMBEDDED_WALLET_ICON,
      chains: chains as `${string}:${string}`[],
      get accounts() {
        return accounts
      },
      features: {
        'standard:connect': { version: '1.0.0', connect },
        'standard:events': { version: '1.0.0', on: events },
        'solana:signMessage': { version: '1.0.0', signMessage },
        'solana:signTransaction': {
          version: '1.0.0',
          supportedTransactionVersions: ['legacy', 0],
          signTransaction,
        },
        'solana:signAndSendTransaction': {
          version: '1.0.0',
          supportedTransactionVersions: ['legacy', 0],
          signAndSendTransaction,
        },
      },
    },
    'embedded:solana',
  )
}
