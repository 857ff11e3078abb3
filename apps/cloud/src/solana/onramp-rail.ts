import { LOCAL_SOLANA_CHAIN_ID } from '@allaccess/solana-chain/constants'
import { signedTransaction, solTransfer } from '@allaccess/solana-chain/transfers'
import {
  createKeyPairSignerFromPrivateKeyBytes,
  getBase58Decoder,
  getBase64Encoder,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  type KeyPairSigner,
} from '@solana/kit'
import type { DeliveryRail } from '../onramp/rails.js'
import type { SolanaNetworks } from './networks.js'

type Lifetime = { value: { blockhash: string; lastValidBlockHeight: number } }

/** A signed transaction's signature (its id) and the blockhash it lives by. */
function readWire(base64: string) {
  const transaction = getTransactionDecoder().decode(getBase64Encoder().encode(base64))
  const message = getCompiledTransactionMessageDecoder().decode(transaction.messageBytes)
  const [signature] = Object.values(transaction.signatures)
  return {
    signature: getBase58Decoder().decode(signature ?? new Uint8Array(64)),
    blockhash: message.lifetimeToken,
  }
}

/**
 * SOL on the local Solana chain (spec §7: SOL is the destination on Solana), paid from the sandbox's key. A
 * recorded transfer never lands twice: a signature lands once, and its blockhash bounds when it still can.
 */
function solanaSolRail(networks: SolanaNetworks, chainId: string, payer: KeyPairSigner): DeliveryRail {
  const rpc = networks.rpc(chainId)
  const broadcast = (wire: string) => rpc.call('sendTransaction', [wire, { encoding: 'base64' }])
  return {
    async send(address, lamports, record) {
      const { value } = await rpc.call<Lifetime>('getLatestBlockhash', [{ commitment: 'confirmed' }])
      const wire = await signedTransaction(
        payer,
        { blockhash: value.blockhash, lastValidBlockHeight: BigInt(value.lastValidBlockHeight) },
        solTransfer(payer, address as never, lamports),
      )
      const { signature } = readWire(wire)
      await record({ hash: signature, raw: wire })
      await broadcast(wire)
      return signature
    },
    async fateOf({ hash, raw }) {
      // Broadcast again (a refusal says it landed, or cannot); then, in this order: can its blockhash still land
      // it, has it landed. Expired before the look and not landed: it never will.
      await broadcast(raw).catch(() => {})
      const { value: valid } = await rpc.call<{ value: boolean }>('isBlockhashValid', [
        readWire(raw).blockhash,
      ])
      const { value } = await rpc.call<{ value: ({ err: unknown } | null)[] }>('getSignatureStatuses', [
        [hash],
      ])
      const status = value[0]
      if (status) return status.err === null ? 'success' : 'failed'
      return valid ? 'pending' : 'lost'
    },
  }
}

/** The sandbox's SOL rail on the local chain, paying from the key of `seed`. */
export async function solanaSandboxRail(networks: SolanaNetworks, seed: Uint8Array): Promise<DeliveryRail> {
  return solanaSolRail(networks, LOCAL_SOLANA_CHAIN_ID, await createKeyPairSignerFromPrivateKeyBytes(seed))
}
