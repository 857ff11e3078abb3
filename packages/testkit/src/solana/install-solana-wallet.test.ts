import { devKeySeed, type SolanaChain, start } from '@allaccess/solana-chain'
import type { Browser, BrowserContext, Page } from '@playwright/test'
import {
  address,
  appendTransactionMessageInstructions,
  compileTransaction,
  createNoopSigner,
  createSolanaRpc,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase58Decoder,
  getBase58Encoder,
  getPublicKeyFromAddress,
  getTransactionEncoder,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  signatureBytes,
  verifySignature,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { launchChromium } from '../../test/support/chromium'
import { type StaticSite, startStaticSite } from '../../test/support/static-site'
import { installSolanaWallet } from './install-solana-wallet'

// The scripted Wallet Standard Solana wallet in a real page: registered as the standard says, answered in Node
// with a real ed25519 key, sending through the local chain's RPC.

let chain: SolanaChain
let site: StaticSite
let browser: Browser
let context: BrowserContext
let page: Page

beforeAll(async () => {
  ;[chain, site, browser] = await Promise.all([start({ port: 0 }), startStaticSite(), launchChromium()])
})
afterAll(async () => {
  await Promise.all([browser?.close(), site?.close(), chain?.close()])
})
beforeEach(async () => {
  context = await browser.newContext()
  page = await context.newPage()
})
afterEach(async () => {
  await context.close()
})

/** Runs `body` in the page with the registered wallet, found as an app finds it (`wallet-standard:app-ready`). */
const withWallet = <T>(body: string): Promise<T> =>
  page.evaluate(
    `(async () => {
      let wallet
      window.dispatchEvent(Object.assign(new Event('wallet-standard:app-ready'), {
        detail: { register: (...wallets) => { wallet = wallets[0] } },
      }))
      return (${body})(wallet)
    })()`,
  ) as Promise<T>

describe('installSolanaWallet', () => {
  it('registers a Wallet Standard wallet with Solana chains and the features the modal uses', async () => {
    await installSolanaWallet(page, { secretKey: devKeySeed(1), rpcUrl: chain.url })
    await page.goto(site.url)
    const shape = await withWallet<{ name: string; chains: string[]; features: string[]; icon: string }>(
      `(wallet) => ({ name: wallet.name, chains: wallet.chains, features: Object.keys(wallet.features), icon: wallet.icon })`,
    )
    expect(shape).toEqual({
      name: 'Testkit Solana Wallet',
      chains: ['solana:localnet'],
      features: [
        'standard:connect',
        'standard:disconnect',
        'standard:events',
        'solana:signMessage',
        'solana:signTransaction',
        'solana:signAndSendTransaction',
      ],
      icon: expect.stringMatching(/^data:image\/svg\+xml;base64,/),
    })
  })

  it('connects (silently only once let in, across a reload), signs a message with the real key, and hears a revoke', async () => {
    const wallet = await installSolanaWallet(page, { secretKey: devKeySeed(1), rpcUrl: chain.url })
    await page.goto(site.url)
    const silent = `(wallet) => wallet.features['standard:connect'].connect({ silent: true }).then((r) => r.accounts.map((a) => a.address))`
    expect(await withWallet(silent)).toEqual([])
    const accounts = await withWallet<string[]>(
      `(wallet) => wallet.features['standard:connect'].connect().then((r) => r.accounts.map((a) => a.address))`,
    )
    expect(accounts).toEqual([wallet.address])
    await page.reload()
    expect(await withWallet(silent)).toEqual([wallet.address])

    const signature = await withWallet<number[]>(`async (wallet) => {
      const [account] = (await wallet.features['standard:connect'].connect({ silent: true })).accounts
      const [signed] = await wallet.features['solana:signMessage'].signMessage({ account, message: new TextEncoder().encode('hello') })
      return [...signed.signature]
    }`)
    const key = await getPublicKeyFromAddress(address(wallet.address))
    expect(
      await verifySignature(
        key,
        signatureBytes(new Uint8Array(signature)),
        new TextEncoder().encode('hello'),
      ),
    ).toBe(true)

    await withWallet(`(wallet) => {
      window.changes = []
      wallet.features['standard:events'].on('change', (change) => window.changes.push(change.accounts.length))
    }`)
    await wallet.revoke()
    expect(await page.evaluate('window.changes')).toEqual([0])
  })

  it('signs and sends a transaction through the RPC; a refusal is the user rejecting (4001)', async () => {
    let refuse = false
    const wallet = await installSolanaWallet(page, {
      secretKey: devKeySeed(2),
      rpcUrl: chain.url,
      approve: (request) => (refuse && request.method === 'signAndSendTransaction' ? 'reject' : 'approve'),
    })
    await page.goto(site.url)
    const receiver = (await generateKeyPairSigner()).address
    const rpc = createSolanaRpc(chain.url)
    const { value: blockhash } = await rpc.getLatestBlockhash().send()
    const from = address(wallet.address)
    const message = pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayer(from, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
      (m) =>
        appendTransactionMessageInstructions(
          [
            getTransferSolInstruction({
              source: createNoopSigner(from),
              destination: receiver,
              amount: 1_000_000_000n,
            }),
          ],
          m,
        ),
    )
    const bytes = [...getTransactionEncoder().encode(compileTransaction(message))]
    const send = `async (wallet) => {
      try {
        const [account] = (await wallet.features['standard:connect'].connect()).accounts
        const [sent] = await wallet.features['solana:signAndSendTransaction'].signAndSendTransaction({
          account, chain: 'solana:localnet', transaction: new Uint8Array(${JSON.stringify(bytes)}),
        })
        return { signature: [...sent.signature] }
      } catch (error) {
        return { code: error.code, message: error.message }
      }
    }`
    const sent = await withWallet<{ signature: number[] }>(send)
    const signature = getBase58Decoder().decode(new Uint8Array(sent.signature))
    expect(getBase58Encoder().encode(signature)).toHaveLength(64)
    await expect.poll(async () => (await rpc.getBalance(receiver).send()).value).toBe(1_000_000_000n)

    refuse = true
    expect(await withWallet(send)).toEqual({ code: 4001, message: 'User rejected the request.' })
  })
})
