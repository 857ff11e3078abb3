import { type Address, generateKeyPairSigner, lamports, sendAndConfirmTransactionFactory } from '@solana/kit'
import { describe, expect, it } from 'vitest'
import {
  LAMPORTS_PER_SIGNATURE,
  signedTransaction,
  solTransfer,
  TUSD,
  tusdAccountOf,
  tusdTransfer,
} from '../src'
import { call, devSigner, subscriptionsOf, useChain } from './support'

const state = useChain()

async function send(base64: string) {
  const answer = await call(state.chain.url, 'sendTransaction', [base64, { encoding: 'base64' }])
  expect(answer.error).toBeUndefined()
  return answer.result as string
}

describe('transfers on the local chain', () => {
  it('moves SOL, takes the 5000-lamport fee and reports the signature finalized', async () => {
    const alice = await devSigner(0)
    const bob = (await generateKeyPairSigner()).address
    const { value: lifetime } = await state.rpc.getLatestBlockhash().send()
    const before = (await state.rpc.getBalance(alice.address).send()).value
    const signature = await send(
      await signedTransaction(alice, lifetime, solTransfer(alice, bob, 2_000_000_000n)),
    )
    expect((await state.rpc.getBalance(bob).send()).value).toBe(2_000_000_000n)
    expect((await state.rpc.getBalance(alice.address).send()).value).toBe(
      before - 2_000_000_000n - LAMPORTS_PER_SIGNATURE,
    )
    const { value: statuses } = await state.rpc.getSignatureStatuses([signature as never]).send()
    expect(statuses[0]).toMatchObject({ err: null, confirmationStatus: 'finalized', status: { Ok: null } })
    const transaction = await state.rpc
      .getTransaction(signature as never, { encoding: 'json', maxSupportedTransactionVersion: 0 })
      .send()
    expect(transaction?.meta?.fee).toBe(LAMPORTS_PER_SIGNATURE)
    expect(transaction?.transaction.signatures[0]).toBe(signature)
  })

  it('moves tUSD to a new holder, creating its token account, the fee paid in SOL', async () => {
    const alice = await devSigner(0)
    const carol = (await generateKeyPairSigner()).address
    const { value: lifetime } = await state.rpc.getLatestBlockhash().send()
    const before = (await state.rpc.getBalance(alice.address).send()).value
    const rent = await state.rpc.getMinimumBalanceForRentExemption(165n).send()
    await send(await signedTransaction(alice, lifetime, await tusdTransfer(alice, carol, 1_500_000n)))
    const { value } = await state.rpc.getTokenAccountBalance(await tusdAccountOf(carol)).send()
    expect(value).toMatchObject({ amount: '1500000', decimals: TUSD.decimals, uiAmountString: '1.5' })
    const { value: accounts } = await state.rpc
      .getTokenAccountsByOwner(carol, { mint: TUSD.mint as Address }, { encoding: 'jsonParsed' })
      .send()
    expect(accounts[0]?.account.data.parsed.info).toMatchObject({ mint: TUSD.mint, owner: carol })
    expect((await state.rpc.getBalance(alice.address).send()).value).toBe(
      before - rent - LAMPORTS_PER_SIGNATURE,
    )
  })

  it('confirms through @solana/kit’s sendAndConfirm (signature and slot subscriptions)', async () => {
    const bob = await devSigner(1)
    const { value: lifetime } = await state.rpc.getLatestBlockhash().send()
    const to = (await generateKeyPairSigner()).address
    const { getBase64Encoder, getTransactionDecoder } = await import('@solana/kit')
    const wire = await signedTransaction(bob, lifetime, solTransfer(bob, to, 1_000_000n))
    const transaction = getTransactionDecoder().decode(getBase64Encoder().encode(wire))
    const confirm = sendAndConfirmTransactionFactory({
      rpc: state.rpc,
      rpcSubscriptions: subscriptionsOf(state.chain),
    })
    await confirm({ ...transaction, lifetimeConstraint: lifetime } as never, { commitment: 'confirmed' })
    expect((await state.rpc.getBalance(to).send()).value).toBe(lamports(1_000_000n))
  })

  it('airdrops SOL from the faucet', async () => {
    const dave = (await generateKeyPairSigner()).address
    const signature = await state.rpc.requestAirdrop(dave, lamports(5_000_000_000n)).send()
    expect((await state.rpc.getBalance(dave).send()).value).toBe(5_000_000_000n)
    const { value } = await state.rpc.getSignatureStatuses([signature]).send()
    expect(value[0]?.err).toBeNull()
  })

  it('reads accounts as base64 and as parsed SPL data', async () => {
    const { value: mint } = await state.rpc
      .getAccountInfo(TUSD.mint as Address, { encoding: 'jsonParsed' })
      .send()
    expect(mint?.data).toMatchObject({
      program: 'spl-token',
      parsed: { type: 'mint', info: { decimals: 6 } },
    })
    const alice = await devSigner(0)
    const { value: raw } = await state.rpc.getAccountInfo(alice.address, { encoding: 'base64' }).send()
    expect(raw).toMatchObject({
      data: ['', 'base64'],
      owner: '11111111111111111111111111111111',
      executable: false,
    })
  })
})
