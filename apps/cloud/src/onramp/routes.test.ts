import { type AnvilInstance, deployAll, startAnvil } from '@allaccess/chain'
import { testUsdAbi } from '@allaccess/chain/deployments'
import {
  ONRAMP_CHECKOUT_PATH,
  ONRAMP_FALLBACK_LIMITS,
  ONRAMP_TEST_CARDS,
  ONRAMP_TEST_CONFIRMATION_CODE,
  ONRAMP_TEXTS,
  type OnrampOrder,
  type OnrampQuote,
  onrampLimitTexts,
  onrampOptionsSchema,
  onrampQuoteSchema,
} from '@allaccess/protocol'
import { eq } from 'drizzle-orm'
import {
  type Address,
  createPublicClient,
  createWalletClient,
  encodeFunctionData,
  type Hex,
  http,
  keccak256,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LOCAL_PROJECT } from '../projects/index.js'
import { LOCAL_QUERY, messageOf, startTestCloud, type TestCloud } from '../test-support/cloud.js'
import { CHECKOUT_CONFIRM_PATH, CHECKOUT_CSP } from './page.js'
import { DELIVERY_STALE_MS, ORDER_RETENTION_MS, ORDERS_PER_CLIENT, ORDERS_PER_WALLET } from './service.js'
import { onrampOrders } from './tables.js'

let anvil: AnvilInstance
let cloud: TestCloud
let token: Address

beforeAll(async () => {
  anvil = await startAnvil({ port: 0 })
  token = (await deployAll({ rpcUrl: anvil.rpcUrl, writeModule: false })).addresses.testUsd
  cloud = await startTestCloud({ RPC_UPSTREAM_31337: anvil.rpcUrl, ONRAMP_TOKEN_ADDRESS: token })
})
afterAll(async () => {
  await cloud?.close()
  await anvil?.stop()
})

const freshAddress = () => privateKeyToAccount(generatePrivateKey()).address
const quote = (body: Record<string, unknown>) => cloud.post(`/v1/onramp/quote?${LOCAL_QUERY}`, body)
const generate = (body: Record<string, unknown>) =>
  cloud.post(`/v1/generators/onrampurl?${LOCAL_QUERY}`, body)
const form = (path: string, fields: Record<string, string>) =>
  fetch(cloud.url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  })
const order = async (id: string) =>
  (await (await cloud.get(`/v1/onramp/orders/${id}?${LOCAL_QUERY}`)).json()) as OnrampOrder
const balanceOf = (address: Address) =>
  createPublicClient({ transport: http(anvil.rpcUrl) }).readContract({
    address: token,
    abi: testUsdAbi,
    functionName: 'balanceOf',
    args: [address],
  })

async function openOrder(address: Address, presetFiatAmount = 50) {
  const response = await generate({ destinationWallets: [{ address }], presetFiatAmount })
  expect(response.status).toBe(200)
  return (await response.json()) as { url: string; orderId: string }
}

describe('the on-ramp: options and quotes', () => {
  it('lists USDC on Ethereum and Polygon and TestUSD on the devnet (no USDC there: what is named arrives), in USD or EUR within the limits (docs/behaviour.md#on-ramp)', async () => {
    const options = onrampOptionsSchema.parse(
      await (await cloud.get(`/v1/onramp/options?${LOCAL_QUERY}`)).json(),
    )
    // SOL on the local Solana chain: apps/cloud/src/solana/onramp.test.ts.
    expect(options.purchaseCurrencies.map((currency) => currency.id)).toEqual(['USDC', 'tUSD', 'SOL'])
    expect(options.purchaseCurrencies[0]?.networks.map((network) => network.chain_id)).toEqual(['1', '137'])
    expect(options.purchaseCurrencies[1]?.networks[0]?.contract_address).toBe(token)
    expect(options.paymentCurrencies.map((currency) => currency.id)).toEqual(['USD', 'EUR'])
    for (const currency of options.paymentCurrencies)
      expect(currency.limits).toEqual([
        { id: 'card', min: 10, max: 7500 },
        { id: 'ach_bank_account', min: 10, max: 25_000 },
      ])
    expect((await cloud.get('/v1/onramp/options')).status).toBe(401)
  })

  it('quotes: the fee (1.5 %, within 1–2 %) and the network fee come off the total', async () => {
    const response = await quote({
      purchaseCurrency: 'tUSD',
      paymentCurrency: 'USD',
      amount: '50',
      network: 'devnet',
    })
    expect(response.status).toBe(200)
    const answer = onrampQuoteSchema.parse(await response.json()) as OnrampQuote
    expect(answer).toMatchObject({
      providerFee: { amount: '0.75', currency: 'USD' },
      networkFee: { amount: '0.01', currency: 'USD' },
      paymentSubtotal: { amount: '49.24', currency: 'USD' },
      paymentTotal: { amount: '50.00', currency: 'USD' },
      purchaseAmount: { amount: '49.24', currency: 'tUSD' },
    })
    expect(answer.quoteId).toMatch(/^[0-9a-f-]{36}$/)
    const euros = (await (
      await quote({ purchaseCurrency: 'USDC', paymentCurrency: 'EUR', amount: '100', network: 'polygon' })
    ).json()) as OnrampQuote
    // 100 − 1.50 − 0.01 = 98.49 EUR at the sandbox's 1.08 USD.
    expect(euros.purchaseAmount.amount).toBe('106.3692')
  })

  it('refuses amounts outside the payment method’s limits with the limit texts, and unknown currencies', async () => {
    const base = { purchaseCurrency: 'tUSD', paymentCurrency: 'USD', network: 'devnet' }
    const cases: [Record<string, unknown>, string][] = [
      [{ amount: '5' }, onrampLimitTexts.min('card', 10, 'USD')],
      [{ amount: '8000' }, onrampLimitTexts.max('card', 7500, 'USD')],
      [
        { amount: '30000', paymentMethod: 'ach_bank_account' },
        onrampLimitTexts.max('ach_bank_account', 25_000, 'USD'),
      ],
      [{ amount: '5', paymentCurrency: 'EUR' }, onrampLimitTexts.min('card', 10, 'EUR')],
      [{ amount: '50', purchaseCurrency: 'DOGE' }, ONRAMP_TEXTS.unknownPurchaseCurrency],
      [{ amount: '50', paymentCurrency: 'GBP' }, ONRAMP_TEXTS.unknownPaymentCurrency],
      [{ amount: '50', purchaseCurrency: 'tUSD', network: 'ethereum' }, ONRAMP_TEXTS.unknownNetwork],
      [{ amount: '50', purchaseCurrency: 'USDC' }, ONRAMP_TEXTS.unknownNetwork],
    ]
    for (const [change, text] of cases) {
      const response = await quote({ ...base, ...change })
      expect(response.status).toBe(400)
      expect(await messageOf(response)).toBe(text)
    }
    expect(onrampLimitTexts.max('card', ONRAMP_FALLBACK_LIMITS.card.max, 'USD')).toBe(
      'The maximum purchase by card is 7,500 USD',
    )
    const bank = await quote({ ...base, amount: '8000', paymentMethod: 'ach_bank_account' })
    expect(bank.status).toBe(200)
    const bad = await quote({ ...base, amount: '1.999' })
    expect(bad.status).toBe(400)
  })
})

describe('the sandbox provider', () => {
  it('answers the checkout URL with the parameters of apps/cloud/README.md#on-ramp, on the devnet only', async () => {
    const address = freshAddress()
    const { url, orderId } = await openOrder(address)
    const parsed = new URL(url)
    expect(`${parsed.origin}${parsed.pathname}`).toBe(`${cloud.url}${ONRAMP_CHECKOUT_PATH}`)
    expect(Object.fromEntries(parsed.searchParams)).toMatchObject({
      publicKey: 'pk_sandbox_allaccess',
      currencyCode: 'USDC',
      walletAddress: address,
      externalCustomerId: LOCAL_PROJECT.id,
      network: 'devnet',
      baseCurrencyCode: 'USD',
      baseCurrencyAmount: '50.00',
      orderId,
    })
    expect(await order(orderId)).toMatchObject({ status: 'pending', txHash: null })
    const elsewhere = await generate({ destinationWallets: [{ address, blockchains: ['ethereum'] }] })
    expect(elsewhere.status).toBe(400)
    expect(await messageOf(elsewhere)).toBe(ONRAMP_TEXTS.sandboxChain)
  })

  it('a declined card says so; the good card, then the bank’s code, sends the tokens once', async () => {
    const address = freshAddress()
    const { url, orderId } = await openOrder(address)
    const page = await fetch(url)
    expect(page.headers.get('content-security-policy')).toBe(CHECKOUT_CSP)
    const html = await page.text()
    expect(html).toContain('<label>Card number<input name="card"')
    expect(html).not.toContain('<script')

    const card = { orderId, amount: '50.00', expiry: '12/34', cvc: '123' }
    const declined = await form(ONRAMP_CHECKOUT_PATH, { ...card, card: ONRAMP_TEST_CARDS.declined })
    expect(await declined.text()).toContain(ONRAMP_TEXTS.declined)
    expect((await order(orderId)).status).toBe('declined')

    const tooMuch = await form(ONRAMP_CHECKOUT_PATH, {
      ...card,
      amount: '8000',
      card: ONRAMP_TEST_CARDS.succeeds,
    })
    expect(await tooMuch.text()).toContain(onrampLimitTexts.max('card', 7500, 'USD'))

    const paid = await form(ONRAMP_CHECKOUT_PATH, { ...card, card: ONRAMP_TEST_CARDS.succeeds })
    expect(await paid.text()).toContain('Confirmation code')
    expect((await order(orderId)).status).toBe('confirming')
    const wrong = await form(CHECKOUT_CONFIRM_PATH, { orderId, code: '000000' })
    expect(await wrong.text()).toContain(ONRAMP_TEXTS.wrongCode)
    expect(await balanceOf(address)).toBe(0n)

    // Two confirmations at once: one delivery.
    const [first, second] = await Promise.all([
      form(CHECKOUT_CONFIRM_PATH, { orderId, code: ONRAMP_TEST_CONFIRMATION_CODE }),
      form(CHECKOUT_CONFIRM_PATH, { orderId, code: ONRAMP_TEST_CONFIRMATION_CODE }),
    ])
    expect([await first.text(), await second.text()].join()).toContain('Payment complete')
    const done = await order(orderId)
    // No asset asked for: the devnet's own currency, named as it arrives.
    expect(done).toMatchObject({ status: 'completed', purchaseAmount: { amount: '49.24', currency: 'tUSD' } })
    const receipt = await createPublicClient({ transport: http(anvil.rpcUrl) }).waitForTransactionReceipt({
      hash: done.txHash as Hex,
    })
    expect(receipt.status).toBe('success')
    // Sent from the provider's account (the cloud's devnet signer), as a provider pays.
    expect(receipt.from).toBe(
      privateKeyToAccount(cloud.services.config.faucet.privateKey).address.toLowerCase(),
    )
    expect(await balanceOf(address)).toBe(49_240_000n)
    const again = await form(CHECKOUT_CONFIRM_PATH, { orderId, code: ONRAMP_TEST_CONFIRMATION_CODE })
    expect(await again.text()).toContain('Payment complete')
    expect(await balanceOf(address)).toBe(49_240_000n)
    expect((await order(orderId)).txHash).toBe(done.txHash)
  })

  it('keeps orders to their project and bounds the orders a wallet opens', async () => {
    const unknown = await cloud.get(`/v1/onramp/orders/${'0'.repeat(32)}?${LOCAL_QUERY}`)
    expect(unknown.status).toBe(404)
    expect(await messageOf(unknown)).toBe(ONRAMP_TEXTS.orderNotFound)
    expect((await cloud.get(`/v1/onramp/orders/nope?${LOCAL_QUERY}`)).status).toBe(400)
    // Another project does not see this one's orders.
    await cloud.services.projects.ensure({ ...LOCAL_PROJECT, id: 'other-shop', name: 'Other shop' })
    const { orderId: mine } = await openOrder(freshAddress())
    const theirs = await cloud.get(`/v1/onramp/orders/${mine}?projectId=other-shop`)
    expect(theirs.status).toBe(404)
    expect(await messageOf(theirs)).toBe(ONRAMP_TEXTS.orderNotFound)
    expect((await order(mine)).status).toBe('pending')
    const address = freshAddress()
    const { orderId: first } = await openOrder(address)
    for (let i = 1; i < ORDERS_PER_WALLET; i++) await openOrder(address)
    const refused = await generate({ destinationWallets: [{ address }] })
    expect(refused.status).toBe(429)
    expect((await generate({ destinationWallets: [{ address: freshAddress() }] })).status).toBe(200)

    // One client address, whatever the wallets: bounded too.
    const service = cloud.services.onramp
    // Opened from this address so far: one in each test above, and ORDERS_PER_WALLET + 2 here.
    const opened = 2 + ORDERS_PER_WALLET + 2
    for (let i = opened; i < ORDERS_PER_CLIENT; i++)
      expect((await generate({ destinationWallets: [{ address: freshAddress() }] })).status).toBe(200)
    expect((await generate({ destinationWallets: [{ address: freshAddress() }] })).status).toBe(429)

    // A week on (the caps' window long past), opening an order deletes those past the retention.
    const { orderId } = await (async () => {
      const later = Date.now() + ORDER_RETENTION_MS + 1000
      service.now = () => later
      return openOrder(freshAddress())
    })()
    const unknownNow = await cloud.get(`/v1/onramp/orders/${first}?${LOCAL_QUERY}`)
    expect(unknownNow.status).toBe(404)
    expect((await order(orderId)).status).toBe('pending')
    service.now = Date.now
  })
})

describe('a delivery the cloud stopped in the middle of', () => {
  const units = 49_240_000n
  const provider = () => privateKeyToAccount(cloud.services.config.faucet.privateKey)
  const providerWallet = () => createWalletClient({ account: provider(), transport: http(anvil.rpcUrl) })
  const publicClient = () => createPublicClient({ transport: http(anvil.rpcUrl) })
  const tokenCall = (functionName: 'mint' | 'transfer', to: Address) => ({
    chain: null,
    to: token,
    data: encodeFunctionData({ abi: testUsdAbi, functionName, args: [to, units] }),
  })

  /** A paid order to `address` as the cloud leaves it when it stops mid-delivery: processing since `since` ms ago. */
  async function cutShort(
    since: number,
    recorded?: { txHash: Hex; deliveryTx: Hex },
    address = freshAddress(),
  ) {
    const { orderId } = await openOrder(address)
    const card = { orderId, amount: '50.00', expiry: '12/34', cvc: '123', card: ONRAMP_TEST_CARDS.succeeds }
    await form(ONRAMP_CHECKOUT_PATH, card)
    await cloud.services.database.db
      .update(onrampOrders)
      .set({ status: 'processing', deliveringSince: Date.now() - since, ...recorded })
      .where(eq(onrampOrders.id, orderId))
    return { address, orderId }
  }

  /** The transfer signed (the provider's next nonce) and not broadcast, its tokens minted: what was recorded. */
  async function signedTransfer(to: Address) {
    const wallet = providerWallet()
    await publicClient().waitForTransactionReceipt({
      hash: await wallet.sendTransaction(tokenCall('mint', provider().address)),
    })
    const request = await wallet.prepareTransactionRequest(tokenCall('transfer', to))
    const deliveryTx = await wallet.signTransaction(request as never)
    return { txHash: keccak256(deliveryTx), deliveryTx }
  }

  it('broadcasts the transfer it recorded, on the next look at the order past DELIVERY_STALE_MS, once', async () => {
    const address = freshAddress()
    const recorded = await signedTransfer(address)
    const { orderId } = await cutShort(DELIVERY_STALE_MS + 1_000, recorded, address)
    expect(await order(orderId)).toMatchObject({ status: 'completed', txHash: recorded.txHash })
    expect(await balanceOf(address)).toBe(units)
    expect(await order(orderId)).toMatchObject({ status: 'completed', txHash: recorded.txHash })
    expect(await balanceOf(address)).toBe(units)
  })

  it('signs afresh a recorded transfer whose nonce another transaction took (it can never be mined)', async () => {
    const address = freshAddress()
    const recorded = await signedTransfer(address)
    // Another transaction of the provider's account takes the nonce the recorded transfer was signed with.
    await publicClient().waitForTransactionReceipt({
      hash: await providerWallet().sendTransaction({ chain: null, to: provider().address, value: 0n }),
    })
    const { orderId } = await cutShort(DELIVERY_STALE_MS + 1_000, recorded, address)
    const done = await order(orderId)
    expect(done.status).toBe('completed')
    expect(done.txHash).not.toBe(recorded.txHash)
    expect(await balanceOf(address)).toBe(units)
    await order(orderId)
    expect(await balanceOf(address)).toBe(units)
  })

  it('delivers an order that stopped before its transfer was signed; leaves a recent delivery alone', async () => {
    const recent = await cutShort(1_000)
    expect((await order(recent.orderId)).status).toBe('processing')
    expect(await balanceOf(recent.address)).toBe(0n)

    const stale = await cutShort(DELIVERY_STALE_MS + 1_000)
    expect((await order(stale.orderId)).status).toBe('completed')
    expect(await balanceOf(stale.address)).toBe(units)
  })
})
