import {
  type Address,
  type AddressesByLookupTableAddress,
  address,
  appendTransactionMessageInstructions,
  type Blockhash,
  compileTransaction,
  compressTransactionMessageUsingAddressLookupTables,
  createNoopSigner,
  createTransactionMessage,
  getBase64EncodedWireTransaction,
  type Instruction,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import {
  getCreateAssociatedTokenIdempotentInstruction,
  getTransferCheckedInstruction,
  getTransferInstruction,
} from '@solana-program/token'

/**
 * Solana transactions for the frame's tests, built with the same programs' clients the modal's Send uses, so the
 * frame's decoder is checked against their real encodings (not against bytes of its own making).
 */
export const RECEIVER: Address = address('9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM')
export const MINT: Address = address('EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v')
export const TOKEN_ACCOUNT: Address = address('7UX2i7SucgLMQcfZ75s3VXmZZY4YRUyJN9X1RgfMoDUi')
export const SOURCE_ACCOUNT: Address = address('2wmVCSfPxGPjrnMMn7rchp4uaeoTqN39mXFC2zhPdri9')
const BLOCKHASH = 'EkSnNWid2cvwEVnVx9aBqawnmiCNiDgp3gUdkDPTKN1N' as Blockhash

/** The base64 wire form, unsigned, of `instructions` paid by `payer`; accounts in `tables` are looked up there. */
export function wireOf(
  payer: Address,
  instructions: Instruction[],
  tables: AddressesByLookupTableAddress = {},
): string {
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayer(payer, m),
    (m) =>
      setTransactionMessageLifetimeUsingBlockhash({ blockhash: BLOCKHASH, lastValidBlockHeight: 100n }, m),
    (m) => appendTransactionMessageInstructions(instructions, m),
    (m) => compressTransactionMessageUsingAddressLookupTables(m, tables),
  )
  return getBase64EncodedWireTransaction(compileTransaction(message))
}

export const solTransfer = (from: Address, lamports: bigint, to: Address = RECEIVER) =>
  getTransferSolInstruction({ source: createNoopSigner(from), destination: to, amount: lamports })

/** An SPL transfer to the receiver's token account, created in the same transaction (as Send does). */
export const tokenTransferChecked = (from: Address, amount: bigint, decimals: number): Instruction[] => [
  getCreateAssociatedTokenIdempotentInstruction({
    payer: createNoopSigner(from),
    ata: TOKEN_ACCOUNT,
    owner: RECEIVER,
    mint: MINT,
  }),
  getTransferCheckedInstruction({
    source: SOURCE_ACCOUNT,
    mint: MINT,
    destination: TOKEN_ACCOUNT,
    authority: createNoopSigner(from),
    amount,
    decimals,
  }),
]

export const tokenTransfer = (from: Address, amount: bigint) =>
  getTransferInstruction({
    source: SOURCE_ACCOUNT,
    destination: TOKEN_ACCOUNT,
    authority: createNoopSigner(from),
    amount,
  })

/** The Memo program's instruction: one the frame does not decode. */
export const memo = (text: string): Instruction => ({
  programAddress: address('MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr'),
  data: new TextEncoder().encode(text),
})

/** Compute Budget: a unit limit and a price (micro-lamports per unit), little-endian as the program reads them. */
export function computeBudget(units: number, microLamports: bigint): Instruction[] {
  const programAddress = address('ComputeBudget111111111111111111111111111111')
  const limit = new Uint8Array(5)
  limit[0] = 2
  new DataView(limit.buffer).setUint32(1, units, true)
  const price = new Uint8Array(9)
  price[0] = 3
  new DataView(price.buffer).setBigUint64(1, microLamports, true)
  return [
    { programAddress, data: limit },
    { programAddress, data: price },
  ]
}
