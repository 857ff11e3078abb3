import { CodedError } from '@allaccess/protocol'
import { ADDRESS_LOOKUP_TABLE_PROGRAM } from '@allaccess/solana-chain/constants'
import {
  type Address,
  type AddressesByLookupTableAddress,
  getAddressDecoder,
  getBase64Encoder,
} from '@solana/kit'
import type { NetworkRpc } from '../networkRpc'
import type { SolanaNetwork } from './networks'

/**
 * A v0 transaction's address lookup tables, read from its network before the approval screen
 * (docs/embedded-wallet.md#solana): each table account's addresses, so that the transaction's every account is
 * known. A table account (the runtime's AddressLookupTable) is a 56-byte header, then its addresses, 32 bytes each;
 * the header starts with the account's state, a u32, 1 for a lookup table. A deactivated table is read as any
 * other: the runtime still loads it until it is closed.
 */
export const LOOKUP_TABLE_HEADER_BYTES = 56
const ADDRESS_BYTES = 32
const LOOKUP_TABLE_STATE = 1

export type LookupTableProblem = 'rpcFailed' | 'notALookupTable' | 'indexOutOfRange'

const PROBLEM_TEXTS: Record<LookupTableProblem, string> = {
  rpcFailed: "the network's RPC did not answer for it",
  notALookupTable: 'it is not an address lookup table',
  indexOutOfRange: 'the transaction names an index the table does not hold',
}

/** Why a lookup table could not be read: the transaction is then shown as one the wallet can't read. */
export class LookupTableError extends CodedError<LookupTableProblem> {
  override name = 'LookupTableError'
  constructor(problem: LookupTableProblem, table: string, options?: { cause?: unknown }) {
    super(problem, `Lookup table ${table}: ${PROBLEM_TEXTS[problem]}`, options)
  }
}

/** One of a compiled v0 message's `addressTableLookups`. */
export type TableLookup = {
  lookupTableAddress: Address
  writableIndexes: readonly number[]
  readonlyIndexes: readonly number[]
}

/** A table account as getMultipleAccounts answers it in base64; null when there is none. */
type EncodedAccount = { owner: string; data: [string, string] } | null

/** The addresses a table account holds; LookupTableError when it is not a lookup table. */
export function lookupTableAddresses(table: Address, account: EncodedAccount): Address[] {
  const notATable = () => new LookupTableError('notALookupTable', table)
  if (account?.owner !== ADDRESS_LOOKUP_TABLE_PROGRAM || account.data[1] !== 'base64') throw notATable()
  const data = new Uint8Array(getBase64Encoder().encode(account.data[0]))
  if (
    data.length < LOOKUP_TABLE_HEADER_BYTES ||
    (data.length - LOOKUP_TABLE_HEADER_BYTES) % ADDRESS_BYTES !== 0
  )
    throw notATable()
  if (new DataView(data.buffer, data.byteOffset).getUint32(0, true) !== LOOKUP_TABLE_STATE) throw notATable()
  const addresses: Address[] = []
  for (let at = LOOKUP_TABLE_HEADER_BYTES; at < data.length; at += ADDRESS_BYTES)
    addresses.push(getAddressDecoder().decode(data.subarray(at, at + ADDRESS_BYTES)))
  return addresses
}

const isEncodedAccount = (value: unknown): value is EncodedAccount =>
  value === null ||
  (typeof value === 'object' &&
    typeof (value as { owner?: unknown }).owner === 'string' &&
    Array.isArray((value as { data?: unknown }).data) &&
    (value as { data: unknown[] }).data.every((part) => typeof part === 'string'))

/** Each looked-up index exists in its table: otherwise the runtime would refuse the transaction, unshowable here. */
function checkIndexes(lookups: readonly TableLookup[], tables: AddressesByLookupTableAddress) {
  for (const { lookupTableAddress, writableIndexes, readonlyIndexes } of lookups) {
    const size = tables[lookupTableAddress]?.length ?? 0
    if ([...writableIndexes, ...readonlyIndexes].some((index) => index >= size))
      throw new LookupTableError('indexOutOfRange', lookupTableAddress)
  }
}

/**
 * The transaction's tables, each by its address, read in one getMultipleAccounts from the network's RPC (as
 * confirmed: a table's entries never change once written, the runtime only appends to it); LookupTableError when
 * one can't be read, is not a table or lacks an index the transaction names.
 */
export async function readLookupTables(
  call: NetworkRpc,
  network: SolanaNetwork,
  lookups: readonly TableLookup[],
): Promise<AddressesByLookupTableAddress> {
  const addresses = [...new Set(lookups.map((lookup) => lookup.lookupTableAddress))]
  let accounts: unknown
  try {
    const result = await call(network, 'getMultipleAccounts', [
      addresses,
      { encoding: 'base64', commitment: 'confirmed' },
    ])
    accounts = (result as { value?: unknown } | null)?.value
  } catch (error) {
    throw new LookupTableError('rpcFailed', addresses.join(', '), { cause: error })
  }
  if (!Array.isArray(accounts) || accounts.length !== addresses.length || !accounts.every(isEncodedAccount))
    throw new LookupTableError('rpcFailed', addresses.join(', '))
  const tables: AddressesByLookupTableAddress = Object.fromEntries(
    addresses.map((table, index) => [table, lookupTableAddresses(table, accounts[index] as EncodedAccount)]),
  )
  checkIndexes(lookups, tables)
  return tables
}
