import { getBase58Decoder, getBase58Encoder } from '@solana/kit'
import type { SessionTypes } from '@walletconnect/types'
import { ProviderRpcError, unsupportedMethod } from '../errors'
import { createScriptedSolanaWallet } from '../solana/scripted-solana-wallet'
import type { ApprovalPolicy } from '../types'

/** What the WalletConnect wallet answers on Solana (WalletConnect's Solana RPC reference). */
export const SOLANA_SESSION_METHODS = [
  'solana_signMessage',
  'solana_signTransaction',
  'solana_signAndSendTransaction',
]

export interface WalletConnectSolanaOptions {
  /** The account's ed25519 seed: 32 bytes, or base58 of them (a 64-byte secret key's first half works too). */
  secretKey: Uint8Array | string
  /** Where `solana_signAndSendTransaction` sends (the local chain's JSON-RPC). */
  rpcUrl: string
  /** The Solana chains the wallet has, CAIP-2 (`solana:<genesis hash, 32 characters>`). */
  chains: string[]
}

const base58 = (bytes: Uint8Array) => getBase58Decoder().decode(bytes)
const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64')
const text = (value: unknown, name: string) => {
  if (typeof value !== 'string') throw new ProviderRpcError(-32602, `Expected ${name} as a string`)
  return value
}

export type SolanaResponder = Awaited<ReturnType<typeof createSolanaResponder>>

/**
 * The WalletConnect wallet's Solana side: the scripted Solana wallet (a real ed25519 key, sending on `rpcUrl`)
 * behind WalletConnect's Solana methods — messages in base58, transactions in base64, signatures in base58 — and
 * the solana namespace a session carries when the dapp proposes it. Asked through `approve` like the person.
 */
export async function createSolanaResponder(options: WalletConnectSolanaOptions, approve?: ApprovalPolicy) {
  const wallet = await createScriptedSolanaWallet({
    secretKey: options.secretKey,
    rpcUrl: options.rpcUrl,
    ...(approve ? { approve } : {}),
  })
  const ask = async (method: string, params: Record<string, unknown>, origin: string) =>
    (await wallet.handle({ method, params, origin })) as Record<string, string>

  return {
    address: wallet.address,
    /** Every Solana call the dapp made, in the scripted wallet's terms (`signAndSendTransaction`, …). */
    requests: wallet.requests,
    /** The namespace the wallet supports: its account on each of its chains. */
    namespace: (): SessionTypes.Namespace => ({
      chains: options.chains,
      methods: SOLANA_SESSION_METHODS,
      events: [],
      accounts: options.chains.map((chain) => `${chain}:${wallet.address}`),
    }),
    /** The person lets the dapp in on Solana too (the session's approval). */
    authorize: (origin: string) => ask('connect', {}, origin),
    /** Answers one of WalletConnect's Solana requests. */
    async handle(method: string, params: unknown, origin: string): Promise<unknown> {
      const input = (params ?? {}) as Record<string, unknown>
      switch (method) {
        case 'solana_signMessage': {
          const message = base64(new Uint8Array(getBase58Encoder().encode(text(input.message, 'message'))))
          const { signature = '' } = await ask('signMessage', { message }, origin)
          return { signature: base58(Buffer.from(signature, 'base64')) }
        }
        case 'solana_signTransaction': {
          const transaction = text(input.transaction, 'transaction')
          const { signedTransaction = '' } = await ask('signTransaction', { transaction }, origin)
          // The signed transaction's first signature is the fee payer's: this account's.
          const signature = Buffer.from(signedTransaction, 'base64').subarray(1, 65)
          return { signature: base58(signature), transaction: signedTransaction }
        }
        case 'solana_signAndSendTransaction': {
          const transaction = text(input.transaction, 'transaction')
          const { signature = '' } = await ask('signAndSendTransaction', { transaction }, origin)
          return { signature: base58(Buffer.from(signature, 'base64')) }
        }
        default:
          throw unsupportedMethod(method)
      }
    },
  }
}
