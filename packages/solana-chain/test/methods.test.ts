import { createHash } from 'node:crypto'
import {
  type Address,
  generateKeyPairSigner,
  getBase58Decoder,
  getBase64Encoder,
  getTransactionDecoder,
} from '@solana/kit'
import { describe, expect, it } from 'vitest'
import {
  GENESIS_HASH,
  GENESIS_SEED_TEXT,
  LAMPORTS_PER_SIGNATURE,
  LOCAL_SOLANA_CHAIN_ID,
  metadataAddress,
  signedTransaction,
  solTransfer,
  TUSD,
  tusdAccountOf,
  tusdMintKey,
} from '../src'
import { call, devSigner, useChain } from './support'

const state = useChain()
const rpc = (method: string, params?: unknown) => call(state.chain.url, method, params)

async function landTransfer(amount = 1000n) {
  const alice = await devSigner(2)
  const to = (await generateKeyPairSigner()).address
  const { value: lifetime } = await state.rpc.getLatestBlockhash().send()
  const wire = await signedTransaction(alice, lifetime, solTransfer(alice, to, amount + 890_880n))
  const { result } = await rpc('sendTransaction', [wire, { encoding: 'base64' }])
  return { signature: result as string, wire, from: alice.address, to }
}

describe('the chain’s identity', () => {
  it('names its genesis hash, derived from the fixed text, and the CAIP-2 id from it', async () => {
    expect(GENESIS_HASH).toBe(
      getBase58Decoder().decode(createHash('sha256').update(GENESIS_SEED_TEXT).digest()),
    )
    expect(LOCAL_SOLANA_CHAIN_ID).toBe('solana:Tnwe9PZ5Ug274Ze7Tiurka8Y4UF42N4B')
    expect((await rpc('getGenesisHash')).result).toBe('Tnwe9PZ5Ug274Ze7Tiurka8Y4UF42N4BRRbjvAdrNu9')
    expect(state.chain.chainId).toBe(LOCAL_SOLANA_CHAIN_ID)
  })

  it('pins the dev keys and tUSD’s mint', async () => {
    expect(state.chain.genesis.devAddresses[0]).toBe('9WFj7G3miYjqEuVcapNCo3MkCr47c3xoNtGdqxkpE6U6')
    expect((await tusdMintKey()).signer.address).toBe(TUSD.mint)
    expect(TUSD).toMatchObject({ name: 'Test USD', symbol: 'tUSD', decimals: 6 })
  })

  it('answers getVersion, getHealth, getSlot, getBlockHeight and getEpochInfo', async () => {
    expect((await rpc('getVersion')).result).toMatchObject({
      'solana-core': expect.any(String),
      'feature-set': expect.any(Number),
    })
    expect((await rpc('getHealth')).result).toBe('ok')
    const slot = (await rpc('getSlot')).result as number
    expect((await rpc('getBlockHeight')).result).toBe(slot)
    await landTransfer()
    expect((await rpc('getSlot', [{ commitment: 'confirmed' }])).result).toBe(slot + 1)
    expect((await rpc('getEpochInfo')).result).toMatchObject({
      absoluteSlot: slot + 1,
      epoch: 0,
      slotsInEpoch: 432000,
    })
  })
})

describe('blockhashes and fees', () => {
  it('keeps a blockhash valid for 150 blocks, then not', async () => {
    const { result } = await rpc('getLatestBlockhash')
    const { blockhash, lastValidBlockHeight } = (
      result as { value: { blockhash: string; lastValidBlockHeight: number } }
    ).value
    expect(lastValidBlockHeight).toBe(((await rpc('getBlockHeight')).result as number) + 150)
    expect(((await rpc('isBlockhashValid', [blockhash])).result as { value: boolean }).value).toBe(true)
    for (let block = 0; block < 151; block++) state.chain.ledger.newBlock()
    expect(((await rpc('isBlockhashValid', [blockhash])).result as { value: boolean }).value).toBe(false)
    expect(
      ((await rpc('isBlockhashValid', ['11111111111111111111111111111111'])).result as { value: boolean })
        .value,
    ).toBe(false)
  })

  it('prices a message as LiteSVM charges it: 5000 lamports a signature (null for an unknown blockhash)', async () => {
    const { wire } = await landTransfer()
    const transaction = getTransactionDecoder().decode(getBase64Encoder().encode(wire))
    const message = Buffer.from(transaction.messageBytes).toString('base64')
    expect(((await rpc('getFeeForMessage', [message])).result as { value: number }).value).toBe(
      Number(LAMPORTS_PER_SIGNATURE),
    )
    state.chain.ledger.newBlock()
    for (let block = 0; block < 151; block++) state.chain.ledger.newBlock()
    expect(((await rpc('getFeeForMessage', [message])).result as { value: null }).value).toBeNull()
  })

  it('answers the rent-exempt minimum of a token account', async () => {
    expect((await rpc('getMinimumBalanceForRentExemption', [165])).result).toBe(2039280)
  })
})

describe('transactions', () => {
  it('simulates without landing, unsigned when sigVerify is off', async () => {
    const alice = await devSigner(3)
    const { value: lifetime } = await state.rpc.getLatestBlockhash().send()
    const wire = await signedTransaction(
      alice,
      lifetime,
      solTransfer(alice, (await generateKeyPairSigner()).address, 10n ** 15n),
    )
    const { result } = await rpc('simulateTransaction', [wire, { encoding: 'base64' }])
    expect(result).toMatchObject({
      value: {
        err: { InstructionError: [0, { Custom: 1 }] },
        logs: expect.arrayContaining([expect.stringContaining('insufficient lamports')]),
      },
    })
    const slot = (await rpc('getSlot')).result
    expect((await rpc('getSlot')).result).toBe(slot)
  })

  it('finds landed transactions by address, newest first, with before/until and a limit', async () => {
    const first = await landTransfer()
    const second = await landTransfer()
    const list = (await rpc('getSignaturesForAddress', [first.from])).result as {
      signature: string
      confirmationStatus: string
    }[]
    expect(list.slice(0, 2).map((entry) => entry.signature)).toEqual([second.signature, first.signature])
    expect(list[0]?.confirmationStatus).toBe('finalized')
    const after = (await rpc('getSignaturesForAddress', [first.from, { before: second.signature, limit: 1 }]))
      .result as { signature: string }[]
    expect(after.map((entry) => entry.signature)).toEqual([first.signature])
    const until = (await rpc('getSignaturesForAddress', [first.from, { until: first.signature }]))
      .result as unknown[]
    expect(until).toHaveLength(1)
  })

  it('gives a v0 transaction only to a client that says it reads v0, in json and base64', async () => {
    const { signature, wire, from, to } = await landTransfer()
    const refused = await rpc('getTransaction', [signature])
    expect(refused.error?.code).toBe(-32015)
    const { result } = await rpc('getTransaction', [signature, { maxSupportedTransactionVersion: 0 }])
    expect(result).toMatchObject({
      version: 0,
      meta: { err: null, fee: 5000 },
      transaction: { message: { accountKeys: expect.arrayContaining([from, to]) } },
    })
    const encoded = await rpc('getTransaction', [
      signature,
      { encoding: 'base64', maxSupportedTransactionVersion: 0 },
    ])
    expect((encoded.result as { transaction: unknown }).transaction).toEqual([wire, 'base64'])
    expect(
      (
        await rpc('getTransaction', [
          getBase58Decoder().decode(new Uint8Array(64).fill(7)),
          { maxSupportedTransactionVersion: 0 },
        ])
      ).result,
    ).toBeNull()
  })

  it('lands a failing transaction sent without preflight: the fee is paid, the status says why', async () => {
    const payer = await devSigner(4)
    const { value: lifetime } = await state.rpc.getLatestBlockhash().send()
    const before = (await state.rpc.getBalance(payer.address).send()).value
    const wire = await signedTransaction(
      payer,
      lifetime,
      solTransfer(payer, (await generateKeyPairSigner()).address, 10n ** 15n),
    )
    const { result: signature } = await rpc('sendTransaction', [
      wire,
      { encoding: 'base64', skipPreflight: true },
    ])
    const { result } = await rpc('getSignatureStatuses', [[signature]])
    expect((result as { value: [{ err: unknown }] }).value[0].err).toEqual({
      InstructionError: [0, { Custom: 1 }],
    })
    expect((await state.rpc.getBalance(payer.address).send()).value).toBe(before - LAMPORTS_PER_SIGNATURE)
  })
})

describe('accounts', () => {
  it('reads several accounts at once, null for one that does not exist', async () => {
    const nobody = (await generateKeyPairSigner()).address
    const { result } = await rpc('getMultipleAccounts', [
      [TUSD.mint, nobody],
      { encoding: 'base64', dataSlice: { offset: 0, length: 4 } },
    ])
    const [mint, missing] = (result as { value: [{ data: [string, string]; space: number } | null, null] })
      .value
    expect(mint?.data[0]).toBe(
      Buffer.from(
        new Uint8Array(
          Buffer.from(
            (await state.rpc.getAccountInfo(TUSD.mint as Address, { encoding: 'base64' }).send()).value
              ?.data[0] ?? '',
            'base64',
          ),
        ).subarray(0, 4),
      ).toString('base64'),
    )
    expect(mint?.space).toBe(82)
    expect(missing).toBeNull()
  })

  it('stores tUSD’s name and symbol in a Metaplex-shaped metadata account', async () => {
    const { value } = await state.rpc
      .getAccountInfo(await metadataAddress(TUSD.mint as Address), { encoding: 'base64' })
      .send()
    const data = Buffer.from(value?.data[0] ?? '', 'base64')
    expect(value?.owner).toBe('metaqbxxUerdq28cj1RbAWkYQm3ybzjb6a8bt518x1s')
    expect(data[0]).toBe(4)
    expect(
      data
        .subarray(69, 69 + 32)
        .toString('utf8')
        .replace(/\0+$/, ''),
    ).toBe('Test USD')
    expect(
      data
        .subarray(105, 105 + 10)
        .toString('utf8')
        .replace(/\0+$/, ''),
    ).toBe('tUSD')
  })

  it('answers token balances and supply; a non-token account is refused', async () => {
    const holder = state.chain.genesis.devAddresses[5] as Address
    expect(
      ((await rpc('getTokenAccountBalance', [await tusdAccountOf(holder)])).result as { value: unknown })
        .value,
    ).toEqual({ amount: '10000000000', decimals: 6, uiAmount: 10000, uiAmountString: '10000' })
    expect(
      ((await rpc('getTokenSupply', [TUSD.mint])).result as { value: { amount: string } }).value.amount,
    ).toBe('100000000000')
    expect((await rpc('getTokenAccountBalance', [holder])).error).toEqual({
      code: -32602,
      message: 'Invalid param: not a Token account',
    })
    const byProgram = await rpc('getTokenAccountsByOwner', [
      holder,
      { programId: 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA' },
      { encoding: 'jsonParsed' },
    ])
    expect((byProgram.result as { value: unknown[] }).value).toHaveLength(1)
  })
})
