import { devKeys, lookupTableInstructions, signedTransaction } from '@allaccess/solana-chain'
import {
  type Address,
  appendTransactionMessageInstructions,
  blockhash,
  compileTransaction,
  compressTransactionMessageUsingAddressLookupTables,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  getCompiledTransactionMessageDecoder,
  lamports,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
} from '@solana/kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { closedPort, startSolanaChainBehindCloud } from '../testing/solanaChainBehindCloud'
import { solTransfer } from '../testing/solanaTransactions'
import { describeSolanaTransaction, SOLANA_TEXTS } from './approvalText'
import { createSolanaHandler, type SolanaApproval } from './handler'
import { solanaAccountOf } from './keys'

/** The frame's handler against the local chain through the real cloud's gateway, as the frame reaches it. */
const SECRET = '0x4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318'
let local: Awaited<ReturnType<typeof startSolanaChainBehindCloud>>

beforeAll(async () => {
  local = await startSolanaChainBehindCloud()
}, 60_000)
afterAll(() => local?.close())

async function handler() {
  const account = await solanaAccountOf(SECRET)
  const asked: SolanaApproval[] = []
  const handle = createSolanaHandler({
    account: async () => account,
    approve: async (request) => {
      asked.push(request)
      return true
    },
    refused: () => {},
  })
  const words = (index = 0) => {
    const request = asked[index]
    if (!request || request.method === 'solana_signMessage') throw new Error('no transaction asked')
    return describeSolanaTransaction(request.transactions[0] as never, account.address, request.network.name)
  }
  return { account, asked, handle, words }
}

/** A table of dev key 3's holding `addresses`, made on the chain: its address. */
async function madeTable(addresses: Address[]): Promise<Address> {
  const authority = (await devKeys())[3]?.signer
  if (!authority) throw new Error('no dev key 3')
  // A few blocks on, as a table is made on a chain that has run a while.
  for (let block = 0; block < 3; block++) local.chain.ledger.newBlock()
  const slot = await local.rpc.getSlot().send()
  const { table, instructions } = await lookupTableInstructions(authority, slot, addresses)
  const { value: lifetime } = await local.rpc.getLatestBlockhash().send()
  await local.rpc
    .sendTransaction(await signedTransaction(authority, lifetime, instructions), { encoding: 'base64' })
    .send()
  return table
}

/** The wallet's unsigned v0 transfer of `amount` to `to`, its receiver found through `tables`. */
async function transferThrough(
  from: Address,
  to: Address,
  amount: bigint,
  tables: Record<Address, Address[]>,
) {
  const { value: lifetime } = await local.rpc.getLatestBlockhash().send()
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayer(from, m),
    (m) =>
      setTransactionMessageLifetimeUsingBlockhash(
        { blockhash: blockhash(lifetime.blockhash), lastValidBlockHeight: lifetime.lastValidBlockHeight },
        m,
      ),
    (m) => appendTransactionMessageInstructions([solTransfer(from, amount, to)], m),
    (m) => compressTransactionMessageUsingAddressLookupTables(m, tables),
  )
  const transaction = compileTransaction(message)
  const compiled = getCompiledTransactionMessageDecoder().decode(transaction.messageBytes)
  // The receiver is not in the message itself: only the table names it.
  expect(compiled.staticAccounts).not.toContain(to)
  return getBase64EncodedWireTransaction(transaction)
}

describe('a v0 transfer whose receiver is in an address lookup table, on the local chain', () => {
  it('the table is read through the gateway: the screen names the real receiver and amount, and that is what lands', async () => {
    const { account, asked, handle, words } = await handler()
    await local.rpc.requestAirdrop(account.address, lamports(1_000_000_000n)).send()
    const receiver = (await generateKeyPairSigner()).address
    const filler = (await generateKeyPairSigner()).address
    const table = await madeTable([filler, receiver])
    const wire = await transferThrough(account.address, receiver, 250_000_000n, {
      [table]: [filler, receiver],
    })

    const { signature } = (await handle(
      { method: 'solana_signAndSendTransaction', params: { transaction: wire } },
      local.network,
    )) as {
      signature: string
    }
    expect(typeof signature).toBe('string')
    expect(words()).toEqual({ actions: [`Send 0.25 SOL to ${receiver}`], warning: undefined, notes: [] })
    const shown = asked[0]?.method === 'solana_signAndSendTransaction' ? asked[0].transactions[0] : undefined
    expect(shown?.actions).toEqual([
      { kind: 'solTransfer', from: account.address, to: receiver, lamports: 250_000_000n },
    ])
    expect((await local.rpc.getBalance(receiver).send()).value).toBe(250_000_000n)
  })

  it('an account that is no lookup table, or an RPC that does not answer: the screen says so, nothing is read', async () => {
    const { account, handle, words } = await handler()
    const receiver = (await generateKeyPairSigner()).address
    // The wallet's own system account, named as a table.
    const notATable = await transferThrough(account.address, receiver, 1n, { [account.address]: [receiver] })
    await handle({ method: 'solana_signTransaction', params: { transaction: notATable } }, local.network)
    const table = await madeTable([receiver])
    const wire = await transferThrough(account.address, receiver, 1n, { [table]: [receiver] })
    const unreachable = { ...local.network, rpcUrl: `http://127.0.0.1:${await closedPort()}/` }
    await handle({ method: 'solana_signTransaction', params: { transaction: wire } }, unreachable)

    const unread = {
      actions: [SOLANA_TEXTS.notDecoded('11111111111111111111111111111111')],
      warning: SOLANA_TEXTS.notDecodedWarning,
    }
    expect(words(0)).toEqual({ ...unread, notes: [SOLANA_TEXTS.lookupTablesUnreadable] })
    // The RPC that did not answer for the tables did not answer for the blockhash either.
    expect(words(1)).toEqual({
      ...unread,
      notes: [SOLANA_TEXTS.lookupTablesUnreadable, SOLANA_TEXTS.blockhashUnknown('Solana local chain')],
    })
  })
})
