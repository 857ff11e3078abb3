import { type Address, address, getAddressEncoder, getBase64Decoder } from '@solana/kit'
import { describe, expect, it } from 'vitest'
import { RECEIVER, SOURCE_ACCOUNT, TOKEN_ACCOUNT } from '../testing/solanaTransactions'
import {
  LOOKUP_TABLE_HEADER_BYTES,
  LookupTableError,
  lookupTableAddresses,
  readLookupTables,
} from './lookupTables'
import { solanaNetwork } from './networks'

const TABLE: Address = address('8szGkuLTAux9XMgZ2vtY39jVSowEcpBfFfD8hXSEqdGC')
const OWNER = 'AddressLookupTab1e1111111111111111111111111'
const network = solanaNetwork('EtWTRABZaYq6iMfeYKouRu166VU2xqa1', {
  cloudUrl: 'http://c.test',
  projectId: 'p',
})

/** A table account's data as the runtime lays it out: state 1 (a lookup table), a deactivation slot, then addresses. */
function tableData(addresses: Address[], { state = 1, deactivated = false } = {}): string {
  const header = new Uint8Array(LOOKUP_TABLE_HEADER_BYTES)
  const view = new DataView(header.buffer)
  view.setUint32(0, state, true)
  view.setBigUint64(4, deactivated ? 1234n : 0xffff_ffff_ffff_ffffn, true)
  const listed = addresses.flatMap((entry) => [...getAddressEncoder().encode(entry)])
  return getBase64Decoder().decode(new Uint8Array([...header, ...listed]))
}
const account = (data: string, owner = OWNER) => ({ owner, data: [data, 'base64'] as [string, string] })

/** An RPC that answers getMultipleAccounts with `value`. */
const answering = (value: unknown) => async () => ({ context: { slot: 1 }, value })
const problemOf = async (promise: Promise<unknown>) =>
  promise.then(
    () => 'read',
    (error) => (error instanceof LookupTableError ? error.code : error),
  )

describe('address lookup table accounts: the runtime layout, the program checked', () => {
  it('pins the header size and the program', () => {
    expect(LOOKUP_TABLE_HEADER_BYTES).toBe(56)
    expect(new LookupTableError('notALookupTable', TABLE).message).toBe(
      `Lookup table ${TABLE}: it is not an address lookup table`,
    )
  })

  it('a table: its addresses in order; a deactivated one is read as well (the runtime loads it until closed)', () => {
    const held = [RECEIVER, TOKEN_ACCOUNT, SOURCE_ACCOUNT]
    expect(lookupTableAddresses(TABLE, account(tableData(held)))).toEqual(held)
    expect(lookupTableAddresses(TABLE, account(tableData(held, { deactivated: true })))).toEqual(held)
    expect(lookupTableAddresses(TABLE, account(tableData([])))).toEqual([])
  })

  it.each([
    ['another owner', account(tableData([RECEIVER]), '11111111111111111111111111111111')],
    ['no account', null],
    ['data shorter than the header', account(getBase64Decoder().decode(new Uint8Array(55)))],
    ['a partial address', account(getBase64Decoder().decode(new Uint8Array(56 + 31).fill(1, 0, 1)))],
    ['an uninitialized table', account(tableData([RECEIVER], { state: 0 }))],
    ['data not in base64', { owner: OWNER, data: ['x', 'base58'] as [string, string] }],
  ])('%s: not a lookup table', (_case, encoded) => {
    expect(() => lookupTableAddresses(TABLE, encoded)).toThrow(
      expect.objectContaining({ code: 'notALookupTable' }),
    )
  })
})

describe('reading a transaction’s tables from its network', () => {
  const lookup = (writableIndexes: number[], readonlyIndexes: number[] = []) => ({
    lookupTableAddress: TABLE,
    writableIndexes,
    readonlyIndexes,
  })

  it('one getMultipleAccounts, in base64, as confirmed; each index the transaction names is there', async () => {
    const asked: unknown[] = []
    const call = async (_on: unknown, method: string, params: unknown) => {
      asked.push({ method, params })
      return { context: { slot: 1 }, value: [account(tableData([RECEIVER, TOKEN_ACCOUNT]))] }
    }
    const tables = await readLookupTables(call, network, [lookup([1], [0]), lookup([1])])
    expect(tables).toEqual({ [TABLE]: [RECEIVER, TOKEN_ACCOUNT] })
    expect(asked).toEqual([
      { method: 'getMultipleAccounts', params: [[TABLE], { encoding: 'base64', commitment: 'confirmed' }] },
    ])
  })

  it('an index past the table’s end: indexOutOfRange', async () => {
    const call = answering([account(tableData([RECEIVER]))])
    expect(await problemOf(readLookupTables(call, network, [lookup([], [1])]))).toBe('indexOutOfRange')
    expect(await problemOf(readLookupTables(call, network, [lookup([0], [0])]))).toBe('read')
  })

  it('an RPC that fails, or answers out of shape: rpcFailed; an account that is no table: notALookupTable', async () => {
    const failing = async () => {
      throw new Error('connection refused')
    }
    expect(await problemOf(readLookupTables(failing, network, [lookup([0])]))).toBe('rpcFailed')
    expect(await problemOf(readLookupTables(answering([]), network, [lookup([0])]))).toBe('rpcFailed')
    expect(await problemOf(readLookupTables(answering([{ owner: 1 }]), network, [lookup([0])]))).toBe(
      'rpcFailed',
    )
    expect(await problemOf(readLookupTables(answering([null]), network, [lookup([0])]))).toBe(
      'notALookupTable',
    )
  })
})
