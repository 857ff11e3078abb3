import { secp256k1 } from '@noble/curves/secp256k1'
import { keccak_256 } from '@noble/hashes/sha3'
import { bytesToHex } from '@noble/hashes/utils'

type Hex = `0x${string}`
type RecoverableSignature = { r: bigint; s: bigint; yParity: number }

/** v as a signature carries it (0/1, 27/28, or EIP-155's 35 + 2 × chain id + parity) → the y parity. */
function yParityOf(v: number): number {
  if (v === 0 || v === 27) return 0
  if (v === 1 || v === 28) return 1
  if (v >= 35) return v % 2 === 0 ? 1 : 0
  throw new Error(`Invalid signature v: ${v}`)
}

/**
 * What WalletConnect's utils take from `ox` (~4 KiB gzip): `Signature.fromHex` and `Secp256k1.recoverAddress`,
 * with which they check an EIP-191 CACAO signature (one-click sign-in), on the curve code the page already has.
 */
export const Signature = {
  fromHex(signature: string): RecoverableSignature {
    if (!/^0x[0-9a-fA-F]{130}$/.test(signature)) throw new Error(`Invalid signature: ${signature}`)
    return {
      r: BigInt(signature.slice(0, 66)),
      s: BigInt(`0x${signature.slice(66, 130)}`),
      yParity: yParityOf(Number.parseInt(signature.slice(130), 16)),
    }
  },
}

export const Secp256k1 = {
  /** The signer of `payload` (a 32-byte hash), lower-case, as WalletConnect compares it. */
  recoverAddress({
    payload,
    signature,
  }: {
    payload: Hex | Uint8Array
    signature: RecoverableSignature
  }): Hex {
    const hash = typeof payload === 'string' ? payload.slice(2) : bytesToHex(payload)
    const point = new secp256k1.Signature(signature.r, signature.s)
      .addRecoveryBit(signature.yParity)
      .recoverPublicKey(hash)
    return `0x${bytesToHex(keccak_256(point.toRawBytes(false).slice(1))).slice(-40)}`
  },
}
