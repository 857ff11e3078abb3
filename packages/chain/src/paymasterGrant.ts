// The SponsorPaymaster's grant (contracts/SponsorPaymaster.sol), computed off chain: what the signer signs and the
// paymasterData that carries it.
import {
  type Address,
  concat,
  encodeAbiParameters,
  type Hex,
  keccak256,
  numberToHex,
  pad,
  size,
  slice,
} from 'viem'
import { toPackedUserOperation, type UserOperation } from 'viem/account-abstraction'
import type { LocalAccount } from 'viem/accounts'

/** A grant's window, in Unix seconds (0 = no bound before). */
export interface GrantWindow {
  validUntil: number
  validAfter: number
}

/** What a grant needs of the operation: every field but the account's signature and the paymaster's data. */
export type GrantedOperation = Omit<UserOperation<'0.8'>, 'signature' | 'paymasterData'> & {
  paymaster: Address
  paymasterVerificationGasLimit: bigint
  paymasterPostOpGasLimit: bigint
}

const SIGNATURE_BYTES = 65
const TIME_BYTES = 6

/** The contract's `grantHash(userOp, validUntil, validAfter)` on chain `chainId`. */
export function grantHash(op: GrantedOperation, window: GrantWindow, chainId: number): Hex {
  const packed = toPackedUserOperation({ ...op, signature: '0x', paymasterData: '0x' })
  return keccak256(
    encodeAbiParameters(
      [
        { type: 'address' },
        { type: 'uint256' },
        { type: 'bytes32' },
        { type: 'bytes32' },
        { type: 'bytes32' },
        { type: 'bytes32' },
        { type: 'uint256' },
        { type: 'bytes32' },
        { type: 'uint256' },
        { type: 'address' },
        { type: 'uint48' },
        { type: 'uint48' },
      ],
      [
        packed.sender,
        packed.nonce,
        keccak256(packed.initCode),
        keccak256(packed.callData),
        packed.accountGasLimits,
        slice(packed.paymasterAndData, 20, 52),
        packed.preVerificationGas,
        packed.gasFees,
        BigInt(chainId),
        op.paymaster,
        window.validUntil,
        window.validAfter,
      ],
    ),
  )
}

/** paymasterData = validUntil (6 bytes) ‖ validAfter (6 bytes) ‖ 65-byte signature. */
export function encodePaymasterData(window: GrantWindow, signature: Hex): Hex {
  if (size(signature) !== SIGNATURE_BYTES) throw new Error(`a grant's signature is ${SIGNATURE_BYTES} bytes`)
  return concat([
    pad(numberToHex(window.validUntil), { size: TIME_BYTES }),
    pad(numberToHex(window.validAfter), { size: TIME_BYTES }),
    signature,
  ])
}

/**
 * A signature of the right shape that no signer made (r = s = 1): a stub grant lets the bundler estimate gas, and
 * the paymaster reports it as a failed signature rather than reverting.
 */
export const STUB_GRANT_SIGNATURE: Hex = concat([pad('0x01'), pad('0x01'), '0x1b'])

/** The signer's paymasterData for `op` within `window` (EIP-191 over the grant hash, as the contract checks). */
export async function signGrant(
  signer: LocalAccount,
  op: GrantedOperation,
  window: GrantWindow,
  chainId: number,
): Promise<Hex> {
  const signature = await signer.signMessage({ message: { raw: grantHash(op, window, chainId) } })
  return encodePaymasterData(window, signature)
}
