import {
  appendTransactionMessageInstructions,
  blockhash,
  compressTransactionMessageUsingAddressLookupTables,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  getBase64Encoder,
  getCompiledTransactionMessageDecoder,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit'
import { describe, expect, it } from 'vitest'
import { ADDRESS_LOOKUP_TABLE_PROGRAM, lookupTableInstructions, signedTransaction, solTransfer } from '../src'
import { call, devSigner, useChain } from './support'

const state = useChain()

describe('address lookup tables on the local chain', () => {
  it("a table made from getSlot's slot by the runtime's program; a v0 transfer to an address in it lands", async () => {
    const alice = await devSigner(2)
    const bob = (await generateKeyPairSigner()).address
    // A few blocks on, as a table is made on a chain that has run a while.
    for (let block = 0; block < 3; block++) state.chain.ledger.newBlock()
    const slot = await state.rpc.getSlot().send()
    expect(slot).toBeGreaterThan(0n)
    const { table, instructions } = await lookupTableInstructions(alice, slot, [bob])
    const { value: lifetime } = await state.rpc.getLatestBlockhash().send()
    const made = await call(state.chain.url, 'sendTransaction', [
      await signedTransaction(alice, lifetime, instructions),
      { encoding: 'base64' },
    ])
    expect(made.error).toBeUndefined()
    const { value: account } = await state.rpc.getAccountInfo(table, { encoding: 'base64' }).send()
    expect(account?.owner).toBe(ADDRESS_LOOKUP_TABLE_PROGRAM)
    // The table's layout: 56 bytes of metadata, then its addresses.
    expect(getBase64Encoder().encode(account?.data[0] ?? '').length).toBe(56 + 32)

    const { value: next } = await state.rpc.getLatestBlockhash().send()
    const signed = await pipe(
      createTransactionMessage({ version: 0 }),
      (message) => setTransactionMessageFeePayerSigner(alice, message),
      (message) =>
        setTransactionMessageLifetimeUsingBlockhash(
          { blockhash: blockhash(next.blockhash), lastValidBlockHeight: next.lastValidBlockHeight },
          message,
        ),
      (message) => appendTransactionMessageInstructions(solTransfer(alice, bob, 3_000_000n), message),
      (message) => compressTransactionMessageUsingAddressLookupTables(message, { [table]: [bob] }),
      (message) => signTransactionMessageWithSigners(message),
    )
    const compiled = getCompiledTransactionMessageDecoder().decode(signed.messageBytes)
    expect(compiled.staticAccounts).not.toContain(bob)
    const sent = await call(state.chain.url, 'sendTransaction', [
      getBase64EncodedWireTransaction(signed),
      { encoding: 'base64' },
    ])
    expect(sent.error).toBeUndefined()
    expect((await state.rpc.getBalance(bob).send()).value).toBe(3_000_000n)
  })
})
