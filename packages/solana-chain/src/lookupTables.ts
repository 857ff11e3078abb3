// Address lookup tables made by the runtime's own program (kit only, no LiteSVM): for tests of v0 transactions
// whose accounts are loaded from a table.
import {
  AccountRole,
  type Address,
  address,
  getAddressEncoder,
  getProgramDerivedAddress,
  type Instruction,
  type TransactionSigner,
} from '@solana/kit'
import { ADDRESS_LOOKUP_TABLE_PROGRAM } from './constants'

const LOOKUP_TABLE_PROGRAM = address(ADDRESS_LOOKUP_TABLE_PROGRAM)
const SYSTEM_PROGRAM = address('11111111111111111111111111111111')
/** The program's instructions, a u32 (little-endian) each: CreateLookupTable and ExtendLookupTable. */
const CREATE_LOOKUP_TABLE = 0
const EXTEND_LOOKUP_TABLE = 2

const u64 = (value: bigint) => {
  const bytes = new Uint8Array(8)
  new DataView(bytes.buffer).setBigUint64(0, value, true)
  return bytes
}
const u32 = (value: number) => {
  const bytes = new Uint8Array(4)
  new DataView(bytes.buffer).setUint32(0, value, true)
  return bytes
}

/**
 * A new table of `authority`'s holding `addresses`, its rent paid by the authority: the table's address (derived from
 * the authority and `recentSlot`, a slot the chain's SlotHashes holds, e.g. `getSlot`'s) and the two instructions
 * that create and fill it. Its addresses can be looked up from the next slot on, as on Solana.
 */
export async function lookupTableInstructions(
  authority: TransactionSigner,
  recentSlot: bigint,
  addresses: readonly Address[],
): Promise<{ table: Address; instructions: Instruction[] }> {
  const [table, bump] = await getProgramDerivedAddress({
    programAddress: LOOKUP_TABLE_PROGRAM,
    seeds: [getAddressEncoder().encode(authority.address), u64(recentSlot)],
  })
  const signer = { address: authority.address, role: AccountRole.WRITABLE_SIGNER, signer: authority }
  const accounts = [
    { address: table, role: AccountRole.WRITABLE },
    signer,
    signer,
    { address: SYSTEM_PROGRAM, role: AccountRole.READONLY },
  ]
  const listed = addresses.map((entry) => new Uint8Array(getAddressEncoder().encode(entry)))
  return {
    table,
    instructions: [
      {
        programAddress: LOOKUP_TABLE_PROGRAM,
        accounts,
        data: new Uint8Array([...u32(CREATE_LOOKUP_TABLE), ...u64(recentSlot), bump]),
      },
      {
        programAddress: LOOKUP_TABLE_PROGRAM,
        accounts,
        data: new Uint8Array([
          ...u32(EXTEND_LOOKUP_TABLE),
          ...u64(BigInt(addresses.length)),
          ...listed.flatMap((bytes) => [...bytes]),
        ]),
      },
    ],
  }
}
