import {
  BLOCKHASH_VALID_BLOCKS,
  devKeys,
  signedTransaction,
  TUSD,
  tusdAccountOf,
  tusdTransfer,
} from '@allaccess/solana-chain'
import {
  type Address,
  appendTransactionMessageInstructions,
  blockhash,
  compileTransaction,
  createNoopSigner,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  type Instruction,
  lamports,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
} from '@solana/kit'
import { getAdvanceNonceAccountInstruction } from '@solana-program/system'
import { getTransferInstruction } from '@solana-program/token'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { closedPort, startSolanaChainBehindCloud } from '../testing/solanaChainBehindCloud'
import { solTransfer, wireOf } from '../testing/solanaTransactions'
import { describeSolanaTransaction, SOLANA_TEXTS, solanaAsking } from './approvalText'
import { createSolanaHandler, type SolanaApproval } from './handler'
import { solanaAccountOf } from './keys'
import type { SolanaNetwork } from './networks'

/** What the screen says of a transaction's network and token, read from the local chain through the real gateway. */
const SECRET = '0x4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318'
const LOCAL_NAME = 'Solana local chain'
let local: Awaited<ReturnType<typeof startSolanaChainBehindCloud>>

beforeAll(async () => {
  local = await startSolanaChainBehindCloud()
}, 60_000)
afterAll(() => local?.close())

/** The wallet's handler; `ask` runs one request on `network` and gives what the screen was asked to show. */
async function wallet() {
  const account = await solanaAccountOf(SECRET)
  let asked: SolanaApproval | undefined
  const handle = createSolanaHandler({
    account: async () => account,
    approve: async (request) => {
      asked = request
      return true
    },
    refused: () => {},
  })
  async function ask(method: string, transaction: string, network: SolanaNetwork = local.network) {
    const answer = await handle({ method, params: { transaction } }, network)
    if (!asked || asked.method === 'solana_signMessage') throw new Error('no transaction asked')
    const shown = asked.transactions[0]
    if (!shown) throw new Error('no transaction shown')
    return {
      answer,
      asking: solanaAsking(asked),
      shown,
      words: describeSolanaTransaction(shown, account.address, asked.network.name),
    }
  }
  return { account, ask }
}

/** The wallet's unsigned transaction of `instructions`, with the chain's latest blockhash. */
async function unsigned(payer: Address, instructions: Instruction[]) {
  const { value: lifetime } = await local.rpc.getLatestBlockhash().send()
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayer(payer, m),
    (m) =>
      setTransactionMessageLifetimeUsingBlockhash(
        { blockhash: blockhash(lifetime.blockhash), lastValidBlockHeight: lifetime.lastValidBlockHeight },
        m,
      ),
    (m) => appendTransactionMessageInstructions(instructions, m),
  )
  return getBase64EncodedWireTransaction(compileTransaction(message))
}

describe("a sign-only transaction's network, checked by its blockhash on the local chain", () => {
  it("this network's blockhash: known there, the network named", async () => {
    const { account, ask } = await wallet()
    const { shown, asking, words } = await ask(
      'solana_signTransaction',
      await unsigned(account.address, [solTransfer(account.address, 1n)]),
    )
    expect(shown.onNetwork).toBe('blockhashKnown')
    expect(asking).toBe(
      `asks your wallet to sign a transaction on ${LOCAL_NAME}; the site may send it later.`,
    )
    expect(words.notes).toEqual([])
  })

  it("another network's blockhash, an expired one, or an RPC that does not answer: the network is not named as fact", async () => {
    const { account, ask } = await wallet()
    const elsewhere = wireOf(account.address, [solTransfer(account.address, 1n)])
    const expired = await unsigned(account.address, [solTransfer(account.address, 2n)])
    for (let block = 0; block <= BLOCKHASH_VALID_BLOCKS; block++) local.chain.ledger.newBlock()
    const fresh = await unsigned(account.address, [solTransfer(account.address, 3n)])
    const unreachable = { ...local.network, rpcUrl: `http://127.0.0.1:${await closedPort()}/` }
    for (const [wire, network] of [
      [elsewhere, local.network],
      [expired, local.network],
      [fresh, unreachable],
    ] as const) {
      const { shown, asking, words } = await ask('solana_signTransaction', wire, network)
      expect(shown.onNetwork).toBe('blockhashUnknown')
      expect(asking).toBe('asks your wallet to sign a transaction; the site may send it later.')
      expect(words.notes).toEqual([SOLANA_TEXTS.blockhashUnknown(LOCAL_NAME)])
    }
  })

  it('a durable nonce: no blockhash, said to be for any network', async () => {
    const { account, ask } = await wallet()
    const nonceAccount = (await generateKeyPairSigner()).address
    const advance = getAdvanceNonceAccountInstruction({
      nonceAccount,
      nonceAuthority: createNoopSigner(account.address),
    })
    const { shown, asking, words } = await ask(
      'solana_signTransaction',
      wireOf(account.address, [advance, solTransfer(account.address, 1n)]),
    )
    expect(shown.onNetwork).toBe('anyNetwork')
    expect(asking).toBe('asks your wallet to sign a transaction; the site may send it later.')
    expect(words.notes).toEqual([SOLANA_TEXTS.noExpiry, SOLANA_TEXTS.anyNetwork])
  })
})

describe('an SPL Token Transfer (no mint named), its token read from the source account on the local chain', () => {
  it('the source account read: the real amount and mint shown, and that is what lands', async () => {
    const { account, ask } = await wallet()
    const [funder, receiver] = await devKeys()
    if (!funder || !receiver) throw new Error('no dev keys')
    await local.rpc.requestAirdrop(account.address, lamports(1_000_000_000n)).send()
    const { value: lifetime } = await local.rpc.getLatestBlockhash().send()
    const funding = await tusdTransfer(funder.signer, account.address, 5_000_000n)
    await local.rpc
      .sendTransaction(await signedTransaction(funder.signer, lifetime, funding), { encoding: 'base64' })
      .send()
    const source = await tusdAccountOf(account.address)
    const destination = await tusdAccountOf(receiver.signer.address)
    const transfer = getTransferInstruction({
      source,
      destination,
      authority: createNoopSigner(account.address),
      amount: 1_500_000n,
    })

    const { shown, words } = await ask(
      'solana_signAndSendTransaction',
      await unsigned(account.address, [transfer]),
    )
    expect(shown.actions[0]).toMatchObject({ mint: TUSD.mint, decimals: TUSD.decimals, amount: 1_500_000n })
    expect(words.actions).toEqual([`Send 1.5 of token ${TUSD.mint} to token account ${destination}`])
    const { value: left } = await local.rpc.getTokenAccountBalance(source, { commitment: 'processed' }).send()
    expect(left.amount).toBe('3500000')
  })

  it('a source account that is no token account: the token is said to be unknown', async () => {
    const { account, ask } = await wallet()
    const [receiver] = await devKeys()
    if (!receiver) throw new Error('no dev keys')
    const destination = await tusdAccountOf(receiver.signer.address)
    const transfer = getTransferInstruction({
      source: account.address,
      destination,
      authority: createNoopSigner(account.address),
      amount: 42n,
    })
    const { words } = await ask('solana_signTransaction', await unsigned(account.address, [transfer]))
    expect(words.actions).toEqual([
      `Send 42 base units of ${SOLANA_TEXTS.unknownToken} to token account ${destination}`,
    ])
  })
})
