import {
  getBase58Decoder,
  getBase58Encoder,
  getBase64Decoder,
  getBase64Encoder,
  getTransactionDecoder,
  getTransactionEncoder,
  type SignatureBytes,
  type Transaction,
} from '@solana/kit'
import type {
  SolanaSignAndSendTransactionFeature,
  SolanaSignMessageFeature,
  SolanaSignTransactionFeature,
} from '@solana/wallet-standard-features'
import type { Wallet, WalletAccount } from '@wallet-standard/base'
import type { StandardConnectFeature, StandardDisconnectFeature } from '@wallet-standard/features'
import { KernelError } from '../../kernel/errors'
import type { CaipNetworkId, Network } from '../types'
import type { SharedWalletConnectSession } from '../walletConnectSession'
import { SolanaError } from './errors'
import { networkOfChain } from './solanaChains'
import { ownWallet } from './walletStandard'

/** The WalletConnect session's Solana part among Solana wallets; its connector's id follows from it. */
export const WALLETCONNECT_SOLANA_NAME = 'WalletConnect'

/** What the modal asks a WalletConnect wallet for on Solana (WalletConnect's Solana RPC reference). */
export const WALLETCONNECT_SOLANA_METHODS = [
  'solana_signMessage',
  'solana_signTransaction',
  'solana_signAndSendTransaction',
]

const base58 = (bytes: Uint8Array) => getBase58Decoder().decode(bytes)
const bytesOf58 = (text: string) => new Uint8Array(getBase58Encoder().encode(text))
/** Whether `text` is a Solana public key: base58 of 32 bytes. */
function isSolanaKey(text: string): boolean {
  try {
    return bytesOf58(text).length === 32
  } catch {
    return false
  }
}
const base64 = (bytes: Uint8Array) => getBase64Decoder().decode(bytes)
const bytesOf64 = (text: string) => new Uint8Array(getBase64Encoder().encode(text))
/** A string field of the wallet's answer, or 'The wallet answered without a signature'. */
const field = (result: unknown, name: string) => {
  const value = (result as Record<string, unknown> | null)?.[name]
  if (typeof value !== 'string' || value === '') throw new SolanaError('walletAnsweredNothing')
  return value
}
/** WalletConnect's client rejects with a plain `{ message, code }`: an Error carries both on (4001/5000 rejections). */
const rethrow = (error: unknown): never => {
  const { message, code } = (error ?? {}) as { message?: unknown; code?: unknown }
  throw Object.assign(new Error(typeof message === 'string' ? message : String(error)), { code })
}

/** A transaction with the account's signature put in its place (a wallet that answers only the signature). */
function withSignature(transaction: Uint8Array, address: string, signature: string): Uint8Array {
  const decoded = getTransactionDecoder().decode(transaction)
  if (!(address in decoded.signatures)) throw new SolanaError('walletAnsweredNothing')
  const signed: Transaction = {
    ...decoded,
    signatures: { ...decoded.signatures, [address]: bytesOf58(signature) as SignatureBytes },
  }
  return new Uint8Array(getTransactionEncoder().encode(signed))
}

/**
 * The Solana accounts of a WalletConnect session as a Wallet Standard wallet (docs/behaviour.md#walletconnect,
 * MULTI_CHAIN): each signature is a `solana_*` request over the session, as WalletConnect's Solana RPC reference has
 * them (messages in base58, transactions in base64, signatures in base58), on the network the request names.
 * Only the methods the wallet approved are features.
 */
export function walletConnectSolanaWallet(
  session: SharedWalletConnectSession,
  networks: readonly Network[],
): Wallet {
  // Only accounts that are Solana keys on the site's networks: a wallet's session may hold anything (CAIP-10
  // asks for three parts, no more), and one bad entry must not take the session or the family down.
  const entries = session.accounts('solana').flatMap((account) => {
    const [, reference = '', address = '', ...rest] = account.split(':')
    const chain = `solana:${reference}` as const
    return rest.length === 0 && isSolanaKey(address) && networkOfChain(networks, chain)
      ? [{ chain, address }]
      : []
  })
  const chains: CaipNetworkId[] = [...new Set(entries.map((entry) => entry.chain))]
  const approved = new Set(session.methods('solana'))
  const accounts: WalletAccount[] = [...new Set(entries.map((entry) => entry.address))].map((address) => ({
    address,
    publicKey: bytesOf58(address),
    chains: entries.filter((entry) => entry.address === address).map((entry) => entry.chain),
    features: WALLETCONNECT_SOLANA_METHODS.filter((method) => approved.has(method)).map(
      (method) => `solana:${method.slice('solana_'.length)}` as const,
    ),
  }))

  /** A request on the network `chain` names (the standard's name or CAIP-2), else the session's first chain. */
  function request(method: string, params: unknown, chain: string | undefined): Promise<unknown> {
    const network = chain ? networkOfChain(networks, chain) : undefined
    const chainId = network?.caipNetworkId ?? (chain ? undefined : chains[0])
    if (!chainId || !chains.includes(chainId)) throw new KernelError('unsupportedChain')
    return session.request(chainId, method, params).catch(rethrow)
  }

  const signMessage: SolanaSignMessageFeature['solana:signMessage']['signMessage'] = (...inputs) =>
    Promise.all(
      inputs.map(async ({ account, message }) => {
        const params = { message: base58(message), pubkey: account.address }
        const result = await request('solana_signMessage', params, undefined)
        return { signedMessage: message, signature: bytesOf58(field(result, 'signature')) }
      }),
    )
  const signTransaction: SolanaSignTransactionFeature['solana:signTransaction']['signTransaction'] = (
    ...inputs
  ) =>
    Promise.all(
      inputs.map(async ({ account, transaction, chain }) => {
        const result = await request('solana_signTransaction', { transaction: base64(transaction) }, chain)
        // The reference answers the signature, and newer wallets the signed transaction beside it.
        const signed = (result as { transaction?: unknown } | null)?.transaction
        return {
          signedTransaction:
            typeof signed === 'string'
              ? bytesOf64(signed)
              : withSignature(transaction, account.address, field(result, 'signature')),
        }
      }),
    )
  const signAndSendTransaction: SolanaSignAndSendTransactionFeature['solana:signAndSendTransaction']['signAndSendTransaction'] =
    (...inputs) =>
      Promise.all(
        inputs.map(async ({ transaction, chain }) => {
          const params = { transaction: base64(transaction) }
          const result = await request('solana_signAndSendTransaction', params, chain)
          return { signature: bytesOf58(field(result, 'signature')) }
        }),
      )
  const connect: StandardConnectFeature['standard:connect']['connect'] = async () => ({ accounts })
  const disconnect: StandardDisconnectFeature['standard:disconnect']['disconnect'] = () =>
    session.disconnect()

  const transactions = { version: '1.0.0', supportedTransactionVersions: ['legacy', 0] } as const
  return ownWallet(
    {
      version: '1.0.0',
      name: WALLETCONNECT_SOLANA_NAME,
      icon: (session.wallet.icon ?? '') as Wallet['icon'],
      chains: chains as `solana:${string}`[],
      accounts,
      features: {
        'standard:connect': { version: '1.0.0', connect },
        'standard:disconnect': { version: '1.0.0', disconnect },
        ...(approved.has('solana_signMessage')
          ? { 'solana:signMessage': { version: '1.0.0', signMessage } }
          : {}),
        ...(approved.has('solana_signTransaction')
          ? { 'solana:signTransaction': { ...transactions, signTransaction } }
          : {}),
        ...(approved.has('solana_signAndSendTransaction')
          ? { 'solana:signAndSendTransaction': { ...transactions, signAndSendTransaction } }
          : {}),
      },
    },
    'walletconnect:solana',
  )
}
