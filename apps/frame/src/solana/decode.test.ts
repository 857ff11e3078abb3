import {
  type Address,
  address,
  getBase64Decoder,
  getBase64EncodedWireTransaction,
  getBase64Encoder,
  getCompiledTransactionMessageDecoder,
  getCompiledTransactionMessageEncoder,
  getTransactionDecoder,
} from '@solana/kit'
import { describe, expect, it } from 'vitest'
import {
  computeBudget,
  MINT,
  memo,
  RECEIVER,
  SOURCE_ACCOUNT,
  solTransfer,
  TOKEN_ACCOUNT,
  tokenTransfer,
  tokenTransferChecked,
  wireOf,
} from '../testing/solanaTransactions'
import { decodeTransaction, LAMPORTS_PER_SIGNATURE, NotATransactionError } from './decode'

const WALLET: Address = address('AsHLaGX13Uep5FJj5kTmHLogoFXDhnRHpp1w1jAZnCaV')
const TABLE: Address = address('8szGkuLTAux9XMgZ2vtY39jVSowEcpBfFfD8hXSEqdGC')

describe('solana decode: what the approval screen shows', () => {
  it('pins the base fee', () => expect(LAMPORTS_PER_SIGNATURE).toBe(5000n))

  it('a System transfer: amount, receiver, fee (one signature)', () => {
    const decoded = decodeTransaction(wireOf(WALLET, [solTransfer(WALLET, 1_500_000_000n)]))
    expect(decoded.feePayer).toBe(WALLET)
    expect(decoded.signers).toEqual([WALLET])
    expect(decoded.actions).toEqual([
      { kind: 'solTransfer', from: WALLET, to: RECEIVER, lamports: 1_500_000_000n },
    ])
    expect(decoded.fee).toBe(5000n)
    // Its network's recent blockhash, which handler.ts checks there for a sign-only request.
    expect(decoded.recentBlockhash).toBe('EkSnNWid2cvwEVnVx9aBqawnmiCNiDgp3gUdkDPTKN1N')
  })

  it('an SPL transferChecked to an account the transaction creates: the owner and the mint are known', () => {
    const decoded = decodeTransaction(wireOf(WALLET, tokenTransferChecked(WALLET, 12_500_000n, 6)))
    expect(decoded.actions).toEqual([
      { kind: 'createTokenAccount', payer: WALLET, account: TOKEN_ACCOUNT, owner: RECEIVER, mint: MINT },
      {
        kind: 'tokenTransfer',
        authority: WALLET,
        source: SOURCE_ACCOUNT,
        destination: TOKEN_ACCOUNT,
        owner: RECEIVER,
        mint: MINT,
        amount: 12_500_000n,
        decimals: 6,
      },
    ])
  })

  it('a plain SPL transfer: the token account and the base units (no mint, no decimals)', () => {
    const decoded = decodeTransaction(wireOf(WALLET, [tokenTransfer(WALLET, 42n)]))
    expect(decoded.actions).toEqual([
      {
        kind: 'tokenTransfer',
        authority: WALLET,
        source: SOURCE_ACCOUNT,
        destination: TOKEN_ACCOUNT,
        amount: 42n,
      },
    ])
  })

  it('an instruction of another program is named, as not decoded', () => {
    const decoded = decodeTransaction(wireOf(WALLET, [solTransfer(WALLET, 1n), memo('hi')]))
    expect(decoded.actions[1]).toEqual({
      kind: 'notDecoded',
      program: 'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr',
    })
  })

  it('a priority fee is added to the fee (limit × price, rounded up); compute budget is not listed', () => {
    const decoded = decodeTransaction(
      wireOf(WALLET, [...computeBudget(300_000, 1_000_001n), solTransfer(WALLET, 1n)]),
    )
    expect(decoded.actions).toHaveLength(1)
    // 300000 × 1000001 / 10^6 = 300000.3 → 300001
    expect(decoded.fee).toBe(5000n + 300_001n)
  })

  it('what is not a transaction is refused: not base64, garbage, trailing bytes', () => {
    expect(() => decodeTransaction('!!!')).toThrow(NotATransactionError)
    expect(() => decodeTransaction('aGVsbG8=')).toThrow(NotATransactionError)
    const wire = new Uint8Array(getBase64Encoder().encode(wireOf(WALLET, [solTransfer(WALLET, 1n)])))
    const longer = getBase64Decoder().decode(new Uint8Array([...wire, 0]))
    expect(() => decodeTransaction(longer)).toThrow(NotATransactionError)
  })

  it('a v0 transaction with lookup tables, read without them: no instruction is read, each named by its program', () => {
    const decoded = decodeTransaction(withLookup(wireOf(WALLET, [solTransfer(WALLET, 1n)])))
    expect(decoded.unreadableLookupTables).toBe(true)
    expect(decoded.actions).toEqual([{ kind: 'notDecoded', program: '11111111111111111111111111111111' }])
    expect(decoded.feePayer).toBe(WALLET)
    expect(decoded.fee).toBe(5000n)
  })

  it('with its tables: the accounts are the static ones, then the writable looked up, then the readonly', () => {
    // The mint (readonly) and the token accounts (writable) come from the table, in another order than used.
    const tables = { [TABLE]: [MINT, RECEIVER, SOURCE_ACCOUNT, TOKEN_ACCOUNT] }
    const wire = wireOf(WALLET, tokenTransferChecked(WALLET, 5n, 6), tables)
    const compiled = getCompiledTransactionMessageDecoder().decode(
      getTransactionDecoder().decode(getBase64Encoder().encode(wire)).messageBytes,
    )
    expect(compiled.staticAccounts).not.toContain(MINT)
    expect(compiled.staticAccounts).not.toContain(TOKEN_ACCOUNT)
    const decoded = decodeTransaction(wire, tables)
    expect(decoded.unreadableLookupTables).toBe(false)
    expect(decoded.actions).toEqual(
      decodeTransaction(wireOf(WALLET, tokenTransferChecked(WALLET, 5n, 6))).actions,
    )
    expect(decoded.actions[1]).toMatchObject({
      kind: 'tokenTransfer',
      mint: MINT,
      destination: TOKEN_ACCOUNT,
    })
  })

  it('a program loaded from a lookup table is no transaction the runtime runs: refused', () => {
    const wire = withLookup(wireOf(WALLET, [memo('x')]), (instruction) => ({
      ...instruction,
      programAddressIndex: 2,
    }))
    expect(() => decodeTransaction(wire)).toThrow(NotATransactionError)
  })
})

type Compiled = ReturnType<ReturnType<typeof getCompiledTransactionMessageDecoder>['decode']> & { version: 0 }

/** `wire` with one lookup (index 0 of a table, readonly), its instructions changed by `change`. */
function withLookup(wire: string, change = (instruction: Compiled['instructions'][number]) => instruction) {
  const transaction = getTransactionDecoder().decode(getBase64Encoder().encode(wire))
  const compiled = getCompiledTransactionMessageDecoder().decode(transaction.messageBytes) as Compiled
  const lookup = { lookupTableAddress: TABLE, writableIndexes: [], readonlyIndexes: [0] }
  const messageBytes = getCompiledTransactionMessageEncoder().encode({
    ...compiled,
    instructions: compiled.instructions.map(change),
    addressTableLookups: [lookup],
  })
  return getBase64EncodedWireTransaction({ ...transaction, messageBytes: messageBytes as never })
}
