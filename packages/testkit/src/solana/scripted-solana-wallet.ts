import {
  type Base64EncodedWireTransaction,
  createKeyPairSignerFromPrivateKeyBytes,
  createSolanaRpc,
  getBase58Encoder,
  getBase64EncodedWireTransaction,
  getTransactionDecoder,
  getTransactionEncoder,
  partiallySignTransaction,
  signBytes,
} from '@solana/kit'
import { ProviderRpcError, unauthorized, unsupportedMethod, userRejected } from '../errors'
import type { ApprovalPolicy, WalletRequest, WalletRequestRecord } from '../types'
import type { AccountShape } from './wallet-standard-wallet'

export interface ScriptedSolanaWalletOptions {
  /** The account's ed25519 seed: 32 bytes, or base58 of them (a 64-byte Solana secret key's first half works too). */
  secretKey: Uint8Array | string
  /** Where `signAndSendTransaction` sends (the local chain's JSON-RPC, or the cloud's gateway). */
  rpcUrl: string
  /** Decides connect and signing requests, like the person at the wallet's pop-up. Default: approve all. */
  approve?: ApprovalPolicy
}

/** The methods that ask the person (everything but a silent reconnect and disconnecting). */
const ASKS = new Set(['connect', 'signMessage', 'signTransaction', 'signAndSendTransaction'])

const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64')
const fromBase64 = (text: unknown) => {
  if (typeof text !== 'string') throw new ProviderRpcError(-32602, 'Expected base64 bytes')
  return new Uint8Array(Buffer.from(text, 'base64'))
}

export type ScriptedSolanaWallet = Awaited<ReturnType<typeof createScriptedSolanaWallet>>

/**
 * A Solana wallet answering the Wallet Standard's calls in Node with a real ed25519 key: connect (a silent one
 * only once the site was let in), disconnect, sign a message, sign a transaction, sign and send one through
 * `rpcUrl`. `onChange` hears the accounts the site may see whenever they change (`standard:events`).
 */
export async function createScriptedSolanaWallet(
  options: ScriptedSolanaWalletOptions,
  onChange: (accounts: AccountShape[]) => void | Promise<void> = () => {},
) {
  const seed =
    typeof options.secretKey === 'string' ? getBase58Encoder().encode(options.secretKey) : options.secretKey
  if (seed.length !== 32 && seed.length !== 64) throw new Error('secretKey must be 32 or 64 bytes')
  const signer = await createKeyPairSignerFromPrivateKeyBytes(new Uint8Array(seed.slice(0, 32)))
  const account: AccountShape = {
    address: signer.address,
    publicKey: base64(new Uint8Array(getBase58Encoder().encode(signer.address))),
  }
  const rpc = createSolanaRpc(options.rpcUrl)
  const requests: WalletRequestRecord[] = []
  let authorized = false

  const signed = async (transaction: unknown) => {
    const decoded = getTransactionDecoder().decode(fromBase64(transaction))
    return partiallySignTransaction([signer.keyPair], decoded)
  }

  const methods: Record<string, (params: Record<string, unknown>) => Promise<unknown>> = {
    async connect({ silent }) {
      if (silent) return authorized ? [account] : []
      authorized = true
      return [account]
    },
    async disconnect() {
      authorized = false
      return null
    },
    async signMessage({ message }) {
      return {
        signature: base64(new Uint8Array(await signBytes(signer.keyPair.privateKey, fromBase64(message)))),
      }
    },
    async signTransaction({ transaction }) {
      return {
        signedTransaction: base64(new Uint8Array(getTransactionEncoder().encode(await signed(transaction)))),
      }
    },
    async signAndSendTransaction({ transaction }) {
      const wire = getBase64EncodedWireTransaction(await signed(transaction)) as Base64EncodedWireTransaction
      const signature = await rpc.sendTransaction(wire, { encoding: 'base64' }).send()
      return { signature: base64(new Uint8Array(getBase58Encoder().encode(signature))) }
    },
  }

  async function handle(request: WalletRequest): Promise<unknown> {
    const record: WalletRequestRecord = {
      method: request.method,
      params: request.params,
      origin: request.origin,
      outcome: 'pending',
    }
    requests.push(record)
    try {
      const method = methods[request.method]
      if (!method) throw unsupportedMethod(request.method)
      const params = (request.params ?? {}) as Record<string, unknown>
      const asks = ASKS.has(request.method) && !(request.method === 'connect' && params.silent)
      if (request.method !== 'connect' && request.method !== 'disconnect' && !authorized) throw unauthorized()
      if (asks && (await (options.approve?.(request) ?? 'approve')) === 'reject') throw userRejected()
      record.result = await method(params)
      record.outcome = 'succeeded'
      return record.result
    } catch (error) {
      const shaped = error instanceof ProviderRpcError ? error : new ProviderRpcError(-32603, String(error))
      record.outcome = shaped.code === 4001 ? 'rejected' : 'failed'
      record.error = shaped.toShape()
      throw shaped
    }
  }

  return {
    address: signer.address,
    /** Every call the page made, in order, with its outcome. */
    requests,
    handle,
    /** Whether the site is let in (a silent connect answers the account). */
    get authorized() {
      return authorized
    },
    /** The person takes the site's access back in the wallet: the page hears no accounts. */
    async revoke() {
      authorized = false
      await onChange([])
    },
  }
}
