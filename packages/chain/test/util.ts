import {
  type Address,
  BaseError,
  type Chain,
  ContractFunctionRevertedError,
  createPublicClient,
  createWalletClient,
  type Hex,
  http,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, expect } from 'vitest'
import { type AnvilInstance, anvilChain, startAnvil } from '../src/anvil'
import { devAccounts } from '../src/devnet'

/** Starts a fresh anvil on a free port for the test file; read the fields inside tests and hooks. */
export function useAnvil() {
  const ctx = {} as {
    anvil: AnvilInstance
    rpcUrl: string
    chain: Chain
    publicClient: ReturnType<typeof makePublicClient>
    wallet: (index: number) => ReturnType<typeof makeWalletClient>
  }
  beforeAll(async () => {
    ctx.anvil = await startAnvil({ port: 0 })
    ctx.rpcUrl = ctx.anvil.rpcUrl
    ctx.chain = anvilChain(ctx.rpcUrl)
    ctx.publicClient = makePublicClient(ctx.chain)
    ctx.wallet = (index) => makeWalletClient(ctx.chain, devKey(index))
  })
  afterAll(async () => {
    await ctx.anvil?.stop()
  })
  return ctx
}

function makePublicClient(chain: Chain) {
  return createPublicClient({ chain, transport: http(), pollingInterval: 50 })
}

function makeWalletClient(chain: Chain, key: Hex) {
  return createWalletClient({ account: privateKeyToAccount(key), chain, transport: http() })
}

function devAccount(index: number) {
  const account = devAccounts[index]
  if (!account) throw new Error(`no dev account ${index}`)
  return account
}

export const devKey = (index: number): Hex => devAccount(index).privateKey
export const devAddress = (index: number): Address => devAccount(index).address

/** Asserts that `promise` rejects with the custom error `errorName` (and `args`, when given). */
export async function expectRevert(promise: Promise<unknown>, errorName: string, args?: readonly unknown[]) {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(err, `expected a revert with ${errorName}`).toBeInstanceOf(BaseError)
  const revert = (err as BaseError).walk((e) => e instanceof ContractFunctionRevertedError)
  expect(revert, String(err)).toBeInstanceOf(ContractFunctionRevertedError)
  const data = (revert as ContractFunctionRevertedError).data
  expect(data?.errorName).toBe(errorName)
  if (args) expect(data?.args).toEqual(args)
}
