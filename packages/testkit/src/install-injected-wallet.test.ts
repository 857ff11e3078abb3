import type { Browser, BrowserContext, Page } from '@playwright/test'
import {
  createPublicClient,
  type Hex,
  http,
  parseEther,
  type TypedDataDefinition,
  verifyMessage,
  verifyTypedData,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startTestAnvil, type TestAnvil } from '../test/support/anvil'
import { launchChromium } from '../test/support/chromium'
import { type StaticSite, startStaticSite, type TestPageWindow } from '../test/support/static-site'
import { fundedKey } from './funded-key'
import { type InjectedWallet, installInjectedWallet } from './install-injected-wallet'
import type { InjectedWalletOptions } from './types'

const RDNS = 'dev.allaccess.testkit'
const ANVIL_CHAIN_ID = 31337
const MAINNET_CHAIN_ID = 1

type Reply = { result: unknown } | { error: { code: unknown; message: string; data?: unknown } }

let anvil: TestAnvil
let site: StaticSite
let browser: Browser
let context: BrowserContext
let page: Page
let privateKey: Hex

beforeAll(async () => {
  ;[anvil, site, browser] = await Promise.all([startTestAnvil(), startStaticSite(), launchChromium()])
})

afterAll(async () => {
  await Promise.all([browser?.close(), site?.close(), anvil?.stop()])
})

beforeEach(async () => {
  context = await browser.newContext()
  page = await context.newPage()
  privateKey = await fundedKey(anvil.rpcUrl)
})

afterEach(async () => {
  await context.close()
})

async function openWithWallet(options: Partial<InjectedWalletOptions> = {}): Promise<InjectedWallet> {
  const wallet = await installInjectedWallet(page, {
    privateKey,
    chains: [
      { id: ANVIL_CHAIN_ID, rpcUrl: anvil.rpcUrl, name: 'Anvil' },
      { id: MAINNET_CHAIN_ID, name: 'Ethereum' },
    ],
    ...options,
  })
  await page.goto(site.url)
  return wallet
}

/** Calls the announced provider inside the page and brings back the result or the error's code and message. */
function callInPage(method: string, params?: unknown): Promise<Reply> {
  return page.evaluate(
    async ([rdns, method, params]) => {
      const announced = (window as unknown as TestPageWindow).findWallet(rdns)
      if (!announced) throw new Error('wallet not announced')
      try {
        return { result: await announced.provider.request({ method, params }) }
      } catch (error) {
        const { code, message, data } = error as { code: unknown; message: string; data?: unknown }
        return { error: data === undefined ? { code, message } : { code, message, data } }
      }
    },
    [RDNS, method, params] as const,
  )
}

async function resultInPage(method: string, params?: unknown): Promise<unknown> {
  const reply = await callInPage(method, params)
  if ('error' in reply) throw new Error(`${method} failed in the page: ${reply.error.message}`)
  return reply.result
}

function listenInPage(...names: string[]): Promise<void> {
  return page.evaluate(
    ([rdns, names]) => {
      const testPage = window as unknown as TestPageWindow
      const announced = testPage.findWallet(rdns)
      if (!announced) throw new Error('wallet not announced')
      for (const name of names) testPage.listen(announced.provider, name)
    },
    [RDNS, names] as const,
  )
}

const eventsInPage = () => page.evaluate(() => (window as unknown as TestPageWindow).walletEvents)

describe('installInjectedWallet', () => {
  it('is discovered through eip6963:requestProvider with frozen info, and stays off window.ethereum', async () => {
    const wallet = await openWithWallet({ uuid: 'b3c5f2a4-0000-4000-8000-000000000001' })

    const seen = await page.evaluate((rdns) => {
      const announced = (window as unknown as TestPageWindow).findWallet(rdns)
      return {
        info: announced?.info,
        frozen: Object.isFrozen(announced) && Object.isFrozen(announced?.info),
        hasRequest: typeof announced?.provider.request === 'function',
        windowEthereum: 'ethereum' in window,
      }
    }, RDNS)

    expect(seen.info).toEqual(wallet.info)
    expect(seen.info).toMatchObject({
      name: 'Testkit Wallet',
      rdns: RDNS,
      uuid: 'b3c5f2a4-0000-4000-8000-000000000001',
    })
    expect(seen.info?.icon).toMatch(/^data:image\//)
    expect(seen).toMatchObject({ frozen: true, hasRequest: true, windowEthereum: false })
  })

  it('also sets window.ethereum to the same provider when asked', async () => {
    await openWithWallet({ injectWindowEthereum: true })
    const same = await page.evaluate(
      (rdns) =>
        (window as unknown as { ethereum?: unknown }).ethereum ===
        (window as unknown as TestPageWindow).findWallet(rdns)?.provider,
      RDNS,
    )
    expect(same).toBe(true)
  })

  it('grants accounts on an approved eth_requestAccounts and shows 4001 in the page on a rejected one', async () => {
    const wallet = await openWithWallet()
    const { address } = privateKeyToAccount(privateKey)

    wallet.rejectNext('eth_requestAccounts')
    expect(await callInPage('eth_requestAccounts')).toEqual({
      error: { code: 4001, message: 'User rejected the request.' },
    })
    expect(await resultInPage('eth_accounts')).toEqual([])

    expect(await resultInPage('eth_requestAccounts')).toEqual([address])
    expect(await resultInPage('eth_accounts')).toEqual([address])
    expect(wallet.requests.filter((r) => r.method === 'eth_requestAccounts').map((r) => r.outcome)).toEqual([
      'rejected',
      'succeeded',
    ])
  })

  it('answers 4100 to signing before permission and 4200 to unsupported methods', async () => {
    await openWithWallet()
    const { address } = privateKeyToAccount(privateKey)
    expect(await callInPage('personal_sign', ['0x68656c6c6f', address])).toMatchObject({
      error: { code: 4100 },
    })
    expect(await callInPage('eth_sign', [address, '0x00'])).toMatchObject({ error: { code: 4200 } })
  })

  it("keeps the node's error data in the page, as with a revert", async () => {
    await openWithWallet()
    // Init code that reverts with the 32-byte word 42, run as a contract-creation eth_call.
    expect(await callInPage('eth_call', [{ data: '0x602a60005260206000fd' }, 'latest'])).toMatchObject({
      error: { code: 3, data: `0x${'2a'.padStart(64, '0')}` },
    })
  })

  it('sends ETH on anvil with eth_sendTransaction', async () => {
    await openWithWallet()
    const [from] = (await resultInPage('eth_requestAccounts')) as Hex[]
    const recipient = privateKeyToAccount(generatePrivateKey()).address

    const hash = (await resultInPage('eth_sendTransaction', [
      { from, to: recipient, value: `0x${parseEther('1.5').toString(16)}` },
    ])) as Hex

    const client = createPublicClient({ transport: http(anvil.rpcUrl) })
    const receipt = await client.waitForTransactionReceipt({ hash, timeout: 10_000 })
    expect(receipt.status).toBe('success')
    expect(await client.getBalance({ address: recipient })).toBe(parseEther('1.5'))
  })

  it('signs with personal_sign so that viem verifyMessage accepts it', async () => {
    await openWithWallet()
    const [address] = (await resultInPage('eth_requestAccounts')) as Hex[]
    if (!address) throw new Error('no account')

    const signature = (await resultInPage('personal_sign', ['0x48656c6c6f2c20706173732021', address])) as Hex
    expect(await verifyMessage({ address, message: 'Hello, pass !', signature })).toBe(true)
  })

  it('signs eth_signTypedData_v4 so that viem verifyTypedData accepts it', async () => {
    await openWithWallet()
    const [address] = (await resultInPage('eth_requestAccounts')) as Hex[]
    if (!address) throw new Error('no account')
    const typedData = {
      domain: { name: 'All-Access Pass', version: '1', chainId: ANVIL_CHAIN_ID },
      types: {
        EIP712Domain: [
          { name: 'name', type: 'string' },
          { name: 'version', type: 'string' },
          { name: 'chainId', type: 'uint256' },
        ],
        Ticket: [
          { name: 'holder', type: 'address' },
          { name: 'seat', type: 'uint256' },
        ],
      },
      primaryType: 'Ticket',
      message: { holder: address, seat: '42' },
    } as const

    const signature = (await resultInPage('eth_signTypedData_v4', [
      address,
      JSON.stringify(typedData),
    ])) as Hex
    const { EIP712Domain: _, ...types } = typedData.types
    const definition = { ...typedData, types, message: { holder: address, seat: 42n } } as TypedDataDefinition
    expect(await verifyTypedData({ address, signature, ...definition })).toBe(true)
  })

  it('answers 4902 to a switch to an unknown chain', async () => {
    await openWithWallet()
    expect(await callInPage('wallet_switchEthereumChain', [{ chainId: '0x2105' }])).toEqual({
      error: {
        code: 4902,
        message: 'Unrecognized chain ID "0x2105". Try adding the chain using wallet_addEthereumChain first.',
      },
    })
  })

  it('keeps permission and chain across a reload, and reads fail clearly on a chain without RPC', async () => {
    const wallet = await openWithWallet()
    const accounts = await resultInPage('eth_requestAccounts')
    await resultInPage('wallet_switchEthereumChain', [{ chainId: '0x1' }])

    await page.reload()

    expect(await resultInPage('eth_accounts')).toEqual(accounts)
    expect(await resultInPage('eth_chainId')).toBe('0x1')
    expect(await callInPage('eth_blockNumber')).toMatchObject({ error: { code: 4901 } })
    expect(wallet.requests.filter((r) => r.method === 'eth_requestAccounts')).toHaveLength(1)
  })

  it('delivers accountsChanged, chainChanged and disconnect to page listeners', async () => {
    const wallet = await openWithWallet()
    await resultInPage('eth_requestAccounts')
    await listenInPage('accountsChanged', 'chainChanged', 'disconnect')
    const otherKey = generatePrivateKey()

    await wallet.emitAccountsChanged(otherKey)
    await wallet.switchChain(MAINNET_CHAIN_ID)
    await wallet.emitAccountsChanged(null)
    await wallet.disconnect()

    expect(await eventsInPage()).toEqual([
      { name: 'accountsChanged', value: [privateKeyToAccount(otherKey).address] },
      { name: 'chainChanged', value: '0x1' },
      { name: 'accountsChanged', value: [] },
      { name: 'disconnect', value: { code: 4900, message: 'The provider is disconnected from all chains.' } },
    ])
    const connected = await page.evaluate(
      (rdns) => (window as unknown as TestPageWindow).findWallet(rdns)?.provider.isConnected(),
      RDNS,
    )
    expect(connected).toBe(false)
    expect(wallet.isPermitted).toBe(false)
  })

  it('holds a request until the test answers it', async () => {
    const wallet = await openWithWallet()
    const held = wallet.holdNext('eth_requestAccounts')

    const reply = callInPage('eth_requestAccounts')
    expect((await held.request).method).toBe('eth_requestAccounts')
    expect((await wallet.waitForRequest('eth_requestAccounts')).outcome).toBe('pending')

    held.approve()
    expect(await reply).toEqual({ result: [privateKeyToAccount(privateKey).address] })
  })
})
