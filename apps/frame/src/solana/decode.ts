import { CodedError } from '@allaccess/protocol'
import {
  type Address,
  type AddressesByLookupTableAddress,
  decompileTransactionMessage,
  getBase64Encoder,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  type Transaction,
} from '@solana/kit'

/**
 * A Solana transaction read for the approval screen (docs/embedded-wallet.md#solana): the System program's SOL
 * transfer, the SPL Token programs' transfers and the associated token account's creation are decoded; any other
 * instruction is named by its program, as not decoded, and the screen says so.
 */

const SYSTEM_PROGRAM = '11111111111111111111111111111111'
const TOKEN_2022 = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb'
export const TOKEN_PROGRAMS: ReadonlySet<string> = new Set([
  'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
  TOKEN_2022,
])
const ASSOCIATED_TOKEN_PROGRAM = 'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL'
const COMPUTE_BUDGET_PROGRAM = 'ComputeBudget111111111111111111111111111111'
/** The precompiles: each signature one of their instructions verifies (its first byte) costs the base fee too. */
const PRECOMPILES = new Set([
  'Ed25519SigVerify111111111111111111111111111',
  'KeccakSecp256k11111111111111111111111111111',
  'Secp256r1SigVerify1111111111111111111111111',
])
/** The instructions' numbers in their programs (System: u32; Token and Compute Budget: u8). */
const SYSTEM_TRANSFER = 2
const SYSTEM_ADVANCE_NONCE = 4
const TOKEN_TRANSFER = 3
const TOKEN_TRANSFER_CHECKED = 12
const SET_COMPUTE_UNIT_LIMIT = 2
const SET_COMPUTE_UNIT_PRICE = 3
/** Solana's base fee, per signature; a priority fee is the compute unit price (micro-lamports) × the limit. */
export const LAMPORTS_PER_SIGNATURE = 5000n
const DEFAULT_UNITS_PER_INSTRUCTION = 200_000n
const MAX_COMPUTE_UNITS = 1_400_000n

export type SolanaAction =
  | { kind: 'solTransfer'; from: Address; to: Address; lamports: bigint }
  | {
      kind: 'tokenTransfer'
      authority: Address
      source: Address
      /** The receiver's token account; `owner` when the transaction itself creates it for them. */
      destination: Address
      owner?: Address
      mint?: Address
      amount: bigint
      decimals?: number
    }
  | { kind: 'createTokenAccount'; payer: Address; account: Address; owner: Address; mint: Address }
  /** AdvanceNonceAccount: accounts are the nonce account, the recent blockhashes sysvar, its authority. */
  | { kind: 'advanceNonce'; account: Address; authority: Address }
  | { kind: 'notDecoded'; program: Address }

export type DecodedTransaction = {
  transaction: Transaction
  feePayer: Address
  /** Who must sign it: the wallet signs only a transaction that names it here. */
  signers: Address[]
  actions: SolanaAction[]
  /** The most it costs in fees, in lamports: signatures × the base fee, plus the priority fee it sets. */
  fee: bigint
  /** Its first instruction advances a durable nonce: no blockhash ends it, it can be sent at any time. */
  durableNonce: boolean
  /** The recent blockhash it names (its network's, if any); none for a durable nonce's, whose token is the nonce. */
  recentBlockhash: string | undefined
  /**
   * Its address lookup tables could not be read: its accounts are not known, so no instruction is read (each is
   * named by its program, always a static account) and the screen says why.
   */
  unreadableLookupTables: boolean
}

/** Thrown when a string is not a Solana transaction at all (the request is refused, nothing is shown). */
export class NotATransactionError extends CodedError<'notATransaction'> {
  override name = 'NotATransactionError'
  constructor(why: string) {
    super('notATransaction', why)
  }
}

const u64 = (data: Uint8Array, at: number) =>
  new DataView(data.buffer, data.byteOffset).getBigUint64(at, true)
const u32 = (data: Uint8Array, at: number) => new DataView(data.buffer, data.byteOffset).getUint32(at, true)

const notDecoded = (program: Address): SolanaAction => ({ kind: 'notDecoded', program })

type Instruction = { programAddress: Address; accounts?: readonly { address: Address }[]; data?: Uint8Array }

function decodeInstruction({
  programAddress,
  accounts = [],
  data = new Uint8Array(),
}: Instruction): SolanaAction {
  const at = (index: number) => accounts[index]?.address
  const unread = notDecoded(programAddress)
  if (programAddress === SYSTEM_PROGRAM) {
    const [from, to] = [at(0), at(1)]
    const [nonce, authority] = [at(0), at(2)]
    if (data.length === 4 && u32(data, 0) === SYSTEM_ADVANCE_NONCE && nonce && authority)
      return { kind: 'advanceNonce', account: nonce, authority }
    if (data.length !== 12 || u32(data, 0) !== SYSTEM_TRANSFER || !from || !to) return unread
    return { kind: 'solTransfer', from, to, lamports: u64(data, 4) }
  }
  if (TOKEN_PROGRAMS.has(programAddress)) {
    // Token-2022 passes a transfer's further accounts to the mint's transfer hook, a program run unseen.
    const fixed = data[0] === TOKEN_TRANSFER ? 3 : 4
    if (programAddress === TOKEN_2022 && accounts.length > fixed) return unread
    if (data.length === 9 && data[0] === TOKEN_TRANSFER) {
      const [source, destination, authority] = [at(0), at(1), at(2)]
      if (!source || !destination || !authority) return unread
      return { kind: 'tokenTransfer', source, destination, authority, amount: u64(data, 1) }
    }
    if (data.length === 10 && data[0] === TOKEN_TRANSFER_CHECKED) {
      const [source, mint, destination, authority] = [at(0), at(1), at(2), at(3)]
      if (!source || !mint || !destination || !authority) return unread
      const decimals = data[9] as number
      return { kind: 'tokenTransfer', source, mint, destination, authority, amount: u64(data, 1), decimals }
    }
    return unread
  }
  if (programAddress === ASSOCIATED_TOKEN_PROGRAM) {
    // Create (no data, or 0) and CreateIdempotent (1): payer, the account, its owner, the mint.
    const [payer, account, owner, mint] = [at(0), at(1), at(2), at(3)]
    if (data.length > 1 || (data.length === 1 && data[0] !== 0 && data[0] !== 1)) return unread
    if (!payer || !account || !owner || !mint) return unread
    return { kind: 'createTokenAccount', payer, account, owner, mint }
  }
  return unread
}

/** The priority fee a transaction's Compute Budget instructions set (none: 0), in lamports, rounded up. */
function priorityFee(instructions: readonly Instruction[]): bigint {
  let limit: bigint | undefined
  let microLamports = 0n
  for (const { programAddress, data } of instructions) {
    if (programAddress !== COMPUTE_BUDGET_PROGRAM || !data) continue
    if (data.length === 5 && data[0] === SET_COMPUTE_UNIT_LIMIT) limit = BigInt(u32(data, 1))
    if (data.length === 9 && data[0] === SET_COMPUTE_UNIT_PRICE) microLamports = u64(data, 1)
  }
  const others = BigInt(instructions.filter((i) => i.programAddress !== COMPUTE_BUDGET_PROGRAM).length)
  const units = limit ?? DEFAULT_UNITS_PER_INSTRUCTION * others
  const capped = units > MAX_COMPUTE_UNITS ? MAX_COMPUTE_UNITS : units
  return (capped * microLamports + 999_999n) / 1_000_000n
}

/** The signatures the precompiles' instructions verify: the base fee is charged for each. */
const precompileSignatures = (instructions: readonly Instruction[]) =>
  instructions
    .filter(({ programAddress }) => PRECOMPILES.has(programAddress))
    .reduce((count, { data }) => count + (data?.[0] ?? 0), 0)

/** The wire bytes of a base64 transaction string; NotATransactionError when it is not one. */
export function transactionBytes(base64: string): Uint8Array {
  try {
    return new Uint8Array(getBase64Encoder().encode(base64))
  } catch {
    throw new NotATransactionError('not base64')
  }
}

type CompiledMessage = ReturnType<ReturnType<typeof getCompiledTransactionMessageDecoder>['decode']>
/** A transaction as it came, and its message compiled (its accounts by index, its lookup tables by address). */
export type WireTransaction = { transaction: Transaction; compiled: CompiledMessage }

/** A base64 wire transaction, parsed (no network needed); NotATransactionError when it is not one. */
export function readWireTransaction(base64: string): WireTransaction {
  const bytes = transactionBytes(base64)
  try {
    const transaction = getTransactionDecoder().decode(bytes)
    const messageBytes = new Uint8Array(transaction.messageBytes)
    const [compiled, read] = getCompiledTransactionMessageDecoder().read(messageBytes, 0)
    // The signature covers every byte of the message: bytes after it would be signed without being shown.
    if (read !== messageBytes.length) throw new Error('trailing bytes')
    // The runtime runs only programs among the static accounts (never one from a lookup table).
    if (
      'instructions' in compiled &&
      compiled.instructions.some((i) => i.programAddressIndex >= compiled.staticAccounts.length)
    )
      throw new Error('a program outside the static accounts')
    return { transaction, compiled }
  } catch {
    throw new NotATransactionError('not a Solana transaction')
  }
}

/** The lookups of a v0 message (none for a legacy one). */
export const tableLookupsOf = ({ compiled }: WireTransaction) =>
  'addressTableLookups' in compiled ? (compiled.addressTableLookups ?? []) : []

/**
 * A transaction, read. A v0 one with lookups needs its `tables` (lookupTables.ts reads them from the network):
 * without them it is read as one whose lookup tables could not be read.
 */
export function decodeWireTransaction(
  wire: WireTransaction,
  tables?: AddressesByLookupTableAddress,
): DecodedTransaction {
  const { transaction, compiled } = wire
  const unreadableLookupTables = tableLookupsOf(wire).length > 0 && tables === undefined
  const signers = Object.keys(transaction.signatures) as Address[]
  const read = unreadableLookupTables
    ? unreadInstructions(compiled)
    : decompileTransactionMessage(compiled, { addressesByLookupTableAddress: tables ?? {} })
  const instructions = read.instructions as readonly Instruction[]
  const durableNonce = instructions[0] !== undefined && advancesNonce(instructions[0])
  const actions = instructions
    .filter((instruction) => instruction.programAddress !== COMPUTE_BUDGET_PROGRAM)
    .map((instruction) =>
      unreadableLookupTables ? notDecoded(instruction.programAddress) : decodeInstruction(instruction),
    )
  return {
    transaction,
    feePayer: read.feePayer.address,
    signers,
    actions: actions.map((action, _index, all) => withOwner(action, all)),
    fee:
      LAMPORTS_PER_SIGNATURE * BigInt(signers.length + precompileSignatures(instructions)) +
      priorityFee(instructions),
    durableNonce,
    recentBlockhash: durableNonce ? undefined : compiled.lifetimeToken,
    unreadableLookupTables,
  }
}

/** A base64 wire transaction, read; `tables` as for decodeWireTransaction. */
export const decodeTransaction = (base64: string, tables?: AddressesByLookupTableAddress) =>
  decodeWireTransaction(readWireTransaction(base64), tables)

/** A message's instructions without their accounts: their programs and data (what the fee is counted from). */
function unreadInstructions(compiled: CompiledMessage) {
  const at = (index: number) => compiled.staticAccounts[index] as Address
  const instructions = 'instructions' in compiled ? compiled.instructions : []
  return {
    feePayer: { address: at(0) },
    instructions: instructions.map(({ programAddressIndex, data }) => ({
      programAddress: at(programAddressIndex),
      data: data && new Uint8Array(data),
    })),
  }
}

/**
 * The runtime takes a transaction for a durable nonce's when its first instruction advances one (System, u32 4).
 * Read from the program and data alone, so a nonce account from a lookup table is caught too.
 */
const advancesNonce = ({ programAddress, data }: Instruction) =>
  programAddress === SYSTEM_PROGRAM && data?.length === 4 && u32(data, 0) === SYSTEM_ADVANCE_NONCE

/** A token transfer to an account the same transaction creates: its owner (and mint) are then known. */
function withOwner(action: SolanaAction, all: readonly SolanaAction[]): SolanaAction {
  if (action.kind !== 'tokenTransfer') return action
  const created = all.find(
    (other) => other.kind === 'createTokenAccount' && other.account === action.destination,
  )
  if (created?.kind !== 'createTokenAccount') return action
  return { ...action, owner: created.owner, mint: action.mint ?? created.mint }
}
