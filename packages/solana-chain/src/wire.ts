// Decoding what clients send: wire transactions and messages, and the fee Solana charges for one.
import {
  type CompiledTransactionMessage,
  type CompiledTransactionMessageWithLifetime,
  getBase58Encoder,
  getBase64Encoder,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  type LegacyCompiledTransactionMessage,
  type Transaction,
  type V0CompiledTransactionMessage,
} from '@solana/kit'
import { LAMPORTS_PER_SIGNATURE } from './constants'
import { RPC_ERROR, RpcFailure } from './rpc-errors'

export const COMPUTE_BUDGET_PROGRAM = 'ComputeBudget111111111111111111111111111111'
/** Compute units an instruction gets when the transaction sets no limit, and the most a transaction may set. */
const DEFAULT_UNITS_PER_INSTRUCTION = 200_000n
const MAX_COMPUTE_UNITS = 1_400_000n
const SET_COMPUTE_UNIT_LIMIT = 2
const SET_COMPUTE_UNIT_PRICE = 3

/** Legacy and v0 messages: Solana's RPC does not take v1 ones yet. */
export type Message = (LegacyCompiledTransactionMessage | V0CompiledTransactionMessage) &
  CompiledTransactionMessageWithLifetime

/** Thrown for bytes that are no transaction or message; the text says why. An invalid-params answer as it stands. */
export class WireError extends RpcFailure {
  override readonly name = 'WireError'
  constructor(message: string) {
    super(RPC_ERROR.invalidParams, message)
  }
}

export function decodeBytes(text: string, encoding: 'base58' | 'base64'): Uint8Array {
  // Kit's encoders skip characters outside the alphabet; a strict check first, as Solana's decoders are.
  const alphabet = encoding === 'base58' ? /^[1-9A-HJ-NP-Za-km-z]*$/ : /^[A-Za-z0-9+/]*={0,2}$/
  if (!alphabet.test(text)) throw new WireError(`invalid ${encoding} encoding`)
  return new Uint8Array(
    encoding === 'base58' ? getBase58Encoder().encode(text) : getBase64Encoder().encode(text),
  )
}

function decodeOr<T>(what: string, decode: () => T): T {
  try {
    return decode()
  } catch (error) {
    throw new WireError(`failed to deserialize ${what}: ${error instanceof Error ? error.message : error}`)
  }
}

export function decodeTransaction(bytes: Uint8Array): { transaction: Transaction; message: Message } {
  const transaction = decodeOr('transaction', () => getTransactionDecoder().decode(bytes))
  return { transaction, message: decodeMessage(new Uint8Array(transaction.messageBytes)) }
}

export function decodeMessage(bytes: Uint8Array): Message {
  const decoded: CompiledTransactionMessage & CompiledTransactionMessageWithLifetime = decodeOr(
    'message',
    () => getCompiledTransactionMessageDecoder().decode(bytes),
  )
  if (decoded.version === 1) throw new WireError('unsupported transaction version 1')
  const message = decoded as Message
  const accounts = message.staticAccounts.length
  const sane =
    message.header.numSignerAccounts >= 1 &&
    message.header.numSignerAccounts <= accounts &&
    message.instructions.every(
      (instruction) =>
        instruction.programAddressIndex < accounts &&
        (instruction.accountIndices ?? []).every(
          (index) => index < accounts || 'addressTableLookups' in message,
        ),
    )
  if (!sane) throw new WireError('Transaction failed to sanitize accounts offsets correctly')
  return message
}

/** Solana's fee: 5000 lamports a signature plus the priority fee (unit price × unit limit, in micro-lamports). */
export function feeOf(message: Message): bigint {
  let limit: bigint | undefined
  let microLamportsPerUnit = 0n
  let others = 0n
  for (const instruction of message.instructions) {
    const data = instruction.data ?? new Uint8Array()
    if (message.staticAccounts[instruction.programAddressIndex] !== COMPUTE_BUDGET_PROGRAM) {
      others += 1n
      continue
    }
    const view = new DataView(data.buffer, data.byteOffset, data.byteLength)
    if (data[0] === SET_COMPUTE_UNIT_LIMIT && data.length >= 5) limit = BigInt(view.getUint32(1, true))
    if (data[0] === SET_COMPUTE_UNIT_PRICE && data.length >= 9)
      microLamportsPerUnit = view.getBigUint64(1, true)
  }
  const units = limit ?? others * DEFAULT_UNITS_PER_INSTRUCTION
  const capped = units > MAX_COMPUTE_UNITS ? MAX_COMPUTE_UNITS : units
  const priority = (microLamportsPerUnit * capped + 999_999n) / 1_000_000n
  return LAMPORTS_PER_SIGNATURE * BigInt(message.header.numSignerAccounts) + priority
}
