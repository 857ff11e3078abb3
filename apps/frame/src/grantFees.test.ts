import { type AnvilInstance, anvilChain, devAccounts, startAnvil } from '@allaccess/chain'
import { IDBFactory } from 'fake-indexeddb'
import { createPublicClient, createWalletClient, type Hex, http, parseEther, toFunctionSelector } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPermissionStore, PERMISSION_FEE_BUDGET_WEI } from './permissions'
import type { ProviderError } from './rpc'
import { createRpcHandler } from './rpcHandler'
import { openVault } from './vault'

/**
 * The gas drain of issue 25 §4, on a real devnet: a site granted "send up to 1 wei" (or calls to one function of its
 * own contract) sends value-0 calls to a contract that burns some 300,000 gas on every call. Each is a real
 * transaction, paid in fees by the wallet.
 */

// Runtime: count 11,500 down to zero (≈ 26 gas a turn), then stop; the creation code returns it.
const BURNER_RUNTIME = '612cec5b600190038060035700'
const BURNER_CREATION = `0x600d600c600039600d6000f3${BURNER_RUNTIME}` as Hex
const SITE = 'https://drain.example'

let anvil: AnvilInstance
let burner: Hex

beforeAll(async () => {
  anvil = await startAnvil({ port: 0 })
  const deployer = createWalletClient({
    account: privateKeyToAccount(devAccounts[0]?.privateKey as Hex),
    chain: anvilChain(anvil.rpcUrl),
    transport: http(anvil.rpcUrl),
  })
  const hash = await deployer.deployContract({ abi: [], bytecode: BURNER_CREATION })
  const receipt = await createPublicClient({ transport: http(anvil.rpcUrl) }).waitForTransactionReceipt({
    hash,
  })
  burner = receipt.contractAddress as Hex
}, 30_000)
afterAll(async () => {
  await anvil?.stop()
})

/**
 * A fresh wallet with 1 ETH and its frame handler on the devnet, for one site: the user approves the grant (what
 * they agreed to) and turns down every other prompt, which `asked` records.
 */
async function walletOnDevnet() {
  const account = privateKeyToAccount(generatePrivateKey())
  const chain = createPublicClient({ transport: http(anvil.rpcUrl) })
  const funder = createWalletClient({
    account: privateKeyToAccount(devAccounts[1]?.privateKey as Hex),
    chain: anvilChain(anvil.rpcUrl),
    transport: http(anvil.rpcUrl),
  })
  await chain.waitForTransactionReceipt({
    hash: await funder.sendTransaction({ to: account.address, value: parseEther('1') }),
  })
  const asked: string[] = []
  const now = () => Math.floor(Date.now() / 1000)
  const handle = createRpcHandler({
    account: async () => account,
    signedIn: async () => true,
    network: () => ({ chainId: 31337, rpcUrl: anvil.rpcUrl }),
    approve: async ({ method }) => {
      asked.push(method)
      return method === 'wallet_grantPermissions'
    },
    refused: () => {},
    permissions: createPermissionStore({ vault: openVault(new IDBFactory()), now }),
    site: SITE,
  })
  const rpc = (method: string, params: unknown) => handle({ method, params, chainId: 31337 })
  const grant = async (permission: object) => {
    const params = [{ expiry: now() + 3600, signer: { type: 'wallet' }, permissions: [permission] }]
    return ((await rpc('wallet_grantPermissions', params)) as { permissionsContext: Hex }).permissionsContext
  }
  /** A value-0 call to the burner, paid from the grant. */
  const burn = (context: Hex, data?: Hex) =>
    rpc('wallet_sendCalls', [
      {
        version: '2.0.0',
        from: account.address,
        calls: [{ to: burner, value: '0x0', ...(data ? { data } : {}) }],
        capabilities: { permissions: { context } },
      },
    ])
  const balance = () => chain.getBalance({ address: account.address })
  return { account, chain, grant, burn, balance, asked }
}

describe('a grant pays network fees only within its budget (a real devnet)', () => {
  it('"send up to 1 wei": a value-0 call into a gas-burning contract is no transfer: it is asked, turned down, and nothing is sent', async () => {
    const { account, chain, grant, burn, balance, asked } = await walletOnDevnet()
    const context = await grant({
      type: 'native-token-transfer',
      data: { ticker: 'ETH' },
      policies: [{ type: 'token-allowance', data: { allowance: '0x1' } }],
    })
    const before = await balance()
    await expect(burn(context)).rejects.toMatchObject({ code: 4001 })
    expect(asked).toEqual(['wallet_grantPermissions', 'wallet_sendCalls'])
    expect(await balance()).toBe(before)
    expect(await chain.getTransactionCount({ address: account.address })).toBe(0)
  })

  it('value-0 calls to a granted function that burn gas: sent unasked until their fees would pass the 0.002 ETH budget, then asked and turned down', async () => {
    const { grant, burn, balance, asked } = await walletOnDevnet()
    const context = await grant({
      type: 'contract-call',
      data: { address: burner, calls: ['burn()'] },
      policies: [{ type: 'rate-limit', data: { count: 1000, interval: 3600 } }],
    })
    const before = await balance()
    const data = toFunctionSelector('burn()')
    let sent = 0
    // Bounded: 0.002 ETH of fees at ≥ 1 gwei is at most some six of these calls; 50 would take 0.016 ETH or more.
    for (let call = 0; call < 50 && asked.length === 1; call++) {
      const answer = await burn(context, data).then(
        () => 'sent',
        (error: ProviderError) => error.code,
      )
      if (answer === 'sent') sent++
    }
    expect(asked).toEqual(['wallet_grantPermissions', 'wallet_sendCalls'])
    expect(sent).toBeGreaterThan(0)
    const lost = before - (await balance())
    expect(lost).toBeGreaterThan(0n)
    expect(lost).toBeLessThanOrEqual(PERMISSION_FEE_BUDGET_WEI)
  })
})
