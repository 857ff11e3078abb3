import { devKeySeed, type SolanaChain, start, TUSD } from '@allaccess/solana-chain'
import { LOCAL_SOLANA_CHAIN_ID } from '@allaccess/solana-chain/constants'
import { buildSolanaWallet, createScriptedSolanaWallet } from '@allaccess/testkit/solana'
import { type Address, address, createSolanaRpc, generateKeyPairSigner } from '@solana/kit'
import { findAssociatedTokenPda, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token'
import { getWallets } from '@wallet-standard/app'
import type { Wallet } from '@wallet-standard/base'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Network, WalletActions } from '../types'
import { createSolanaAdapter } from './createSolanaAdapter'

// The behaviour these tests check: docs/behaviour.md#send and #balance, on the local Solana chain (LiteSVM).

const WAIT = { timeoutMs: 10_000, confirmations: 1, retryCount: 5, retryDelayMs: 50 }
let chain: SolanaChain
let network: Network
let actions: WalletActions
let from: string
let release: () => void

beforeAll(async () => {
  chain = await start({ port: 0 })
  network = {
    id: LOCAL_SOLANA_CHAIN_ID.split(':')[1] as string,
    chainNamespace: 'solana',
    caipNetworkId: LOCAL_SOLANA_CHAIN_ID as Network['caipNetworkId'],
    name: 'Local Solana',
    nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
    rpcUrls: { default: { http: [chain.url] } },
  }
  const scripted = await createScriptedSolanaWallet({ secretKey: devKeySeed(3), rpcUrl: chain.url })
  const { wallet } = buildSolanaWallet(
    { name: 'Chain Wallet', icon: 'data:image/svg+xml;base64,PHN2Zy8+', chains: ['solana:localnet'] },
    (method, params) => scripted.handle({ method, params, origin: 'http://127.0.0.1:5173' }),
  )
  release = getWallets().register(wallet as unknown as Wallet)
  const adapter = createSolanaAdapter({ networks: [network], storage: undefined })
  await adapter.connect('wallet-standard:Chain Wallet')
  actions = (await adapter.loadWalletActions?.()) as WalletActions
  from = scripted.address
})
afterAll(async () => {
  release()
  await chain.close()
})

const rpc = () => createSolanaRpc(chain.url)
const tusdOf = async (owner: Address) => {
  const [ata] = await findAssociatedTokenPda({
    owner,
    mint: address(TUSD.mint),
    tokenProgram: TOKEN_PROGRAM_ADDRESS,
  })
  const account = await rpc().getAccountInfo(ata, { encoding: 'base64' }).send()
  if (!account.value) return undefined
  return BigInt((await rpc().getTokenAccountBalance(ata).send()).value.amount)
}

describe('the Solana wallet actions', () => {
  it("reads the native balance in lamports, in the network's coin", async () => {
    expect(await actions.getBalance(from, network)).toEqual({
      value: 1000n * 1_000_000_000n,
      decimals: 9,
      symbol: 'SOL',
    })
  })

  it('sends SOL as prepared, at the fee shown (one signature), and the receiver has it on chain', async () => {
    const receiver = (await generateKeyPairSigner()).address
    const plan = await actions.prepareTransfer({ network, from, to: receiver, amount: 1_500_000_000n })
    expect(plan.fee).toEqual({ value: 5000n, decimals: 9, symbol: 'SOL' })
    const before = (await actions.getBalance(from, network)).value
    const hash = await actions.sendTransfer(plan)
    expect(await actions.waitForTransaction(hash, network, WAIT)).toEqual({ hash, status: 'success' })
    expect((await rpc().getBalance(receiver).send()).value).toBe(1_500_000_000n)
    expect((await actions.getBalance(from, network)).value).toBe(before - 1_500_000_000n - 5000n)
  })

  it("sends tUSD, creating the receiver's token account (its rent in the fee) only when it has none", async () => {
    const receiver = (await generateKeyPairSigner()).address
    const rent = await rpc().getMinimumBalanceForRentExemption(165n).send()
    const first = await actions.prepareTransfer({
      network,
      from,
      to: receiver,
      amount: 2_500_000n,
      token: TUSD.mint,
    })
    expect(first.fee.value).toBe(5000n + rent)
    const hash = await actions.sendTransfer(first)
    expect((await actions.waitForTransaction(hash, network, WAIT)).status).toBe('success')
    expect(await tusdOf(receiver)).toBe(2_500_000n)
    const again = await actions.prepareTransfer({
      network,
      from,
      to: receiver,
      amount: 500_000n,
      token: TUSD.mint,
    })
    expect(again.fee.value).toBe(5000n)
    await actions.waitForTransaction(await actions.sendTransfer(again), network, WAIT)
    expect(await tusdOf(receiver)).toBe(3_000_000n)
  })

  it('sends only a plan it prepared, and refuses a mint that is no SPL Token', async () => {
    const plan = await actions.prepareTransfer({ network, from, to: from, amount: 1n })
    await expect(actions.sendTransfer({ ...plan })).rejects.toThrow(
      'The transfer was not prepared by this wallet',
    )
    await expect(
      actions.prepareTransfer({ network, from, to: from, amount: 1n, token: from }),
    ).rejects.toThrow('This token is not an SPL Token mint on this network')
  })

  it('signs with solana:signTransaction and sends through the RPC when the wallet only signs, refusing a changed message', async () => {
    const scripted = await createScriptedSolanaWallet({ secretKey: devKeySeed(4), rpcUrl: chain.url })
    let tamper = false
    const { wallet } = buildSolanaWallet(
      { name: 'Signing Only', icon: 'data:image/svg+xml;base64,PHN2Zy8+', chains: ['solana:localnet'] },
      async (method, params) => {
        const answer = (await scripted.handle({ method, params, origin: 'http://127.0.0.1:5173' })) as {
          signedTransaction?: string
        }
        if (!tamper || !answer.signedTransaction) return answer
        const bytes = Buffer.from(answer.signedTransaction, 'base64')
        bytes[bytes.length - 1] = (bytes[bytes.length - 1] ?? 0) ^ 1 // the transfer's amount, changed
        return { signedTransaction: bytes.toString('base64') }
      },
    )
    const { 'solana:signAndSendTransaction': _, ...features } = wallet.features
    const signingOnly = { ...wallet, features } as unknown as Wallet
    const stop = getWallets().register(signingOnly)
    try {
      const adapter = createSolanaAdapter({ networks: [network], storage: undefined })
      await adapter.connect('wallet-standard:Signing Only')
      const signing = (await adapter.loadWalletActions?.()) as WalletActions
      const receiver = (await generateKeyPairSigner()).address
      const plan = await signing.prepareTransfer({
        network,
        from: scripted.address,
        to: receiver,
        amount: 1_000_000_000n,
      })
      await signing.waitForTransaction(await signing.sendTransfer(plan), network, WAIT)
      expect((await rpc().getBalance(receiver).send()).value).toBe(1_000_000_000n)
      tamper = true
      const changed = await signing.prepareTransfer({
        network,
        from: scripted.address,
        to: receiver,
        amount: 1_000_000_000n,
      })
      await expect(signing.sendTransfer(changed)).rejects.toThrow(
        'The wallet changed the transaction before signing it: nothing was sent',
      )
      expect((await rpc().getBalance(receiver).send()).value).toBe(1_000_000_000n)
    } finally {
      stop()
    }
  })

  it("refuses a signAndSend answer that is another transaction's signature (nothing reported as sent)", async () => {
    const scripted = await createScriptedSolanaWallet({ secretKey: devKeySeed(5), rpcUrl: chain.url })
    let replay: unknown
    const { wallet } = buildSolanaWallet(
      { name: 'Replaying', icon: 'data:image/svg+xml;base64,PHN2Zy8+', chains: ['solana:localnet'] },
      async (method, params) => {
        // The first send goes through; every later one answers that first signature again, sending nothing.
        if (method === 'signAndSendTransaction' && replay) return replay
        const answer = await scripted.handle({ method, params, origin: 'http://127.0.0.1:5173' })
        if (method === 'signAndSendTransaction') replay = answer
        return answer
      },
    )
    const stop = getWallets().register(wallet as unknown as Wallet)
    try {
      const adapter = createSolanaAdapter({ networks: [network], storage: undefined })
      await adapter.connect('wallet-standard:Replaying')
      const replaying = (await adapter.loadWalletActions?.()) as WalletActions
      const receiver = (await generateKeyPairSigner()).address
      const transfer = { network, from: scripted.address, to: receiver, amount: 1_000_000_000n }
      const first = await replaying.sendTransfer(await replaying.prepareTransfer(transfer))
      await replaying.waitForTransaction(first, network, WAIT)
      await expect(
        replaying.sendTransfer(await replaying.prepareTransfer({ ...transfer, amount: 2_000_000_000n })),
      ).rejects.toThrow(
        'The wallet answered with a signature of another transaction: check your wallet’s activity',
      )
      expect((await rpc().getBalance(receiver).send()).value).toBe(1_000_000_000n)
    } finally {
      stop()
    }
  })

  it('a send the chain refuses (beyond the balance) fails, and nothing moves', async () => {
    const poor = await generateKeyPairSigner()
    const plan = await actions.prepareTransfer({
      network,
      from,
      to: poor.address,
      amount: 10_000_000_000_000n,
    })
    // Preflight refuses a transfer beyond the balance: the wallet's send fails, nothing lands.
    await expect(actions.sendTransfer(plan)).rejects.toThrow()
    expect((await rpc().getBalance(poor.address).send()).value).toBe(0n)
  })
})
