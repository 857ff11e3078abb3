import {
  ONRAMP_CHECKOUT_PATH,
  ONRAMP_TEST_CARDS,
  ONRAMP_TEST_CONFIRMATION_CODE,
  ONRAMP_TEXTS,
  type OnrampOrder,
  onrampOptionsSchema,
} from '@allaccess/protocol'
import { devKeySeed, GENESIS_HASH, type SolanaChain, start } from '@allaccess/solana-chain'
import { signedTransaction, solTransfer } from '@allaccess/solana-chain/transfers'
import {
  type Address,
  createKeyPairSignerFromPrivateKeyBytes,
  generateKeyPairSigner,
  getBase58Decoder,
  getBase64Encoder,
} from '@solana/kit'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CHECKOUT_CONFIRM_PATH } from '../onramp/page.js'
import { DELIVERY_STALE_MS } from '../onramp/service.js'
import { onrampOrders } from '../onramp/tables.js'
import { LOCAL_QUERY, messageOf, startTestCloud, type TestCloud } from '../test-support/cloud.js'

let chain: SolanaChain
let cloud: TestCloud

beforeAll(async () => {
  chain = await start({ port: 0, wsPort: 0, slotMs: 0 })
  cloud = await startTestCloud({ RPC_UPSTREAM_31337: 'http://127.0.0.1:9', SOLANA_RPC_LOCAL: chain.url })
})
afterAll(async () => {
  await cloud?.close()
  await chain?.close()
})

const fresh = async () => (await generateKeyPairSigner()).address
const lamportsOf = (address: string) => chain.ledger.svm.getBalance(address as Address) ?? 0n
const form = (path: string, fields: Record<string, string>) =>
  fetch(cloud.url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  })
const order = async (id: string) =>
  (await (await cloud.get(`/v1/onramp/orders/${id}?${LOCAL_QUERY}`)).json()) as OnrampOrder
async function openOrder(address: string) {
  const response = await cloud.post(`/v1/generators/onrampurl?${LOCAL_QUERY}`, {
    destinationWallets: [{ address, blockchains: ['solana_local'] }],
    presetFiatAmount: 50,
  })
  expect(response.status).toBe(200)
  return (await response.json()) as { url: string; orderId: string }
}
/** 50 USD − 0.75 (1.5 %) − 0.01 network fee = 49.24 USD at the sandbox's 150 USD a SOL. */
const BOUGHT_LAMPORTS = 328_266_666n

describe('the on-ramp on Solana (spec §7: the destination is SOL)', () => {
  it('offers SOL on the local Solana chain, named by its reference', async () => {
    const options = onrampOptionsSchema.parse(
      await (await cloud.get(`/v1/onramp/options?${LOCAL_QUERY}`)).json(),
    )
    expect(options.purchaseCurrencies.find((currency) => currency.id === 'SOL')).toEqual({
      id: 'SOL',
      name: 'Solana',
      symbol: 'SOL',
      networks: [
        {
          name: 'solana_local',
          display_name: 'Local Solana',
          chain_id: GENESIS_HASH.slice(0, 32),
          contract_address: '',
        },
      ],
    })
    const quote = await cloud.post(`/v1/onramp/quote?${LOCAL_QUERY}`, {
      purchaseCurrency: 'SOL',
      paymentCurrency: 'USD',
      amount: '50',
      network: 'solana_local',
    })
    expect(((await quote.json()) as { purchaseAmount: unknown }).purchaseAmount).toEqual({
      amount: '0.328266666',
      currency: 'SOL',
    })
  })

  it('names SOL as the destination currency and delivers it on the local chain, once', async () => {
    const address = await fresh()
    const { url, orderId } = await openOrder(address)
    expect(new URL(url).searchParams.get('currencyCode')).toBe('SOL')
    expect(new URL(url).searchParams.get('walletAddress')).toBe(address)
    await form(ONRAMP_CHECKOUT_PATH, {
      orderId,
      amount: '50.00',
      card: ONRAMP_TEST_CARDS.succeeds,
      expiry: '12/34',
      cvc: '123',
    })
    const confirmations = await Promise.all([
      form(CHECKOUT_CONFIRM_PATH, { orderId, code: ONRAMP_TEST_CONFIRMATION_CODE }),
      form(CHECKOUT_CONFIRM_PATH, { orderId, code: ONRAMP_TEST_CONFIRMATION_CODE }),
    ])
    expect((await Promise.all(confirmations.map((page) => page.text()))).join()).toContain('Payment complete')
    const done = await order(orderId)
    expect(done).toMatchObject({
      status: 'completed',
      address,
      chainId: GENESIS_HASH.slice(0, 32),
      purchaseAmount: { amount: '0.328266666', currency: 'SOL' },
    })
    expect(lamportsOf(address)).toBe(BOUGHT_LAMPORTS)
    // Paid by the sandbox's key (dev key 9), its signature the order's transaction.
    const landed = chain.ledger.transaction(done.txHash as string)
    expect(landed?.message.staticAccounts[0]).toBe(chain.genesis.devAddresses[9])
  })

  it('refuses an EVM address on the Solana network, and a Solana address on the devnet', async () => {
    const evm = await cloud.post(`/v1/generators/onrampurl?${LOCAL_QUERY}`, {
      destinationWallets: [{ address: `0x${'1'.repeat(40)}`, blockchains: ['solana_local'] }],
    })
    expect(evm.status).toBe(400)
    expect(await messageOf(evm)).toBe(ONRAMP_TEXTS.solanaAddress)
    const solana = await cloud.post(`/v1/generators/onrampurl?${LOCAL_QUERY}`, {
      destinationWallets: [{ address: await fresh() }],
    })
    expect(solana.status).toBe(400)
    expect(await messageOf(solana)).toBe(ONRAMP_TEXTS.evmAddress)
  })

  it('finishes a delivery cut short after signing: broadcast again, landed once', async () => {
    const address = await fresh()
    const { orderId } = await openOrder(address)
    const payer = await createKeyPairSignerFromPrivateKeyBytes(devKeySeed(9))
    const lifetime = chain.ledger.latestBlockhash()
    const wire = await signedTransaction(
      payer,
      lifetime,
      solTransfer(payer, address as Address, BOUGHT_LAMPORTS),
    )
    const signature = getBase58Decoder().decode(getBase64Encoder().encode(wire).subarray(1, 65))
    const db = cloud.services.database.db
    await db
      .update(onrampOrders)
      .set({
        status: 'processing',
        purchaseUnits: BOUGHT_LAMPORTS.toString(),
        paymentCents: 5000,
        deliveringSince: Date.now() - DELIVERY_STALE_MS - 1000,
        txHash: signature,
        deliveryTx: wire,
      })
      .where(eq(onrampOrders.id, orderId))
    expect(await order(orderId)).toMatchObject({ status: 'completed', txHash: signature })
    expect(lamportsOf(address)).toBe(BOUGHT_LAMPORTS)
  })

  it('signs afresh a recorded delivery whose blockhash expired unsent', async () => {
    const address = await fresh()
    const { orderId } = await openOrder(address)
    const payer = await createKeyPairSignerFromPrivateKeyBytes(devKeySeed(9))
    const wire = await signedTransaction(
      payer,
      chain.ledger.latestBlockhash(),
      solTransfer(payer, address as Address, 1000n),
    )
    const unsent = getBase58Decoder().decode(getBase64Encoder().encode(wire).subarray(1, 65))
    for (let block = 0; block < 152; block++) chain.ledger.newBlock()
    await cloud.services.database.db
      .update(onrampOrders)
      .set({
        status: 'processing',
        purchaseUnits: BOUGHT_LAMPORTS.toString(),
        deliveringSince: Date.now() - DELIVERY_STALE_MS - 1000,
        txHash: unsent,
        deliveryTx: wire,
      })
      .where(eq(onrampOrders.id, orderId))
    const done = await order(orderId)
    expect(done.status).toBe('completed')
    expect(done.txHash).not.toBe(unsent)
    expect(lamportsOf(address)).toBe(BOUGHT_LAMPORTS)
  })
})
