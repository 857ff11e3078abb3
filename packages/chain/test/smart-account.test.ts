import { encodeFunctionData, type Hex, http, parseEther, parseGwei, toFunctionSelector } from 'viem'
import {
  createBundlerClient,
  entryPoint08Abi,
  type GetPaymasterDataParameters,
  toSimple7702SmartAccount,
} from 'viem/account-abstraction'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  CREATE2_DEPLOYER,
  DEVNET_PAYMASTER_DEPOSIT,
  ENTRY_POINT_08_ADDRESS,
  entryPoint08Artifact,
  SIMPLE_7702_ACCOUNT_ADDRESS,
  simple7702AccountArtifact,
} from '../src/accountAbstraction'
import { type AltoInstance, startAlto } from '../src/alto'
import { deployAll } from '../src/deploy'
import type { Deployment } from '../src/deployment'
import {
  DEVNET_PAYMASTER_SIGNER,
  DEVNET_PRIORITY_FEE,
  devnetUserOperationFees,
  fundAccount,
} from '../src/devnet'
import { allAccessPassAbi, sponsorPaymasterAbi } from '../src/generated/deployments'
import {
  encodePaymasterData,
  type GrantedOperation,
  STUB_GRANT_SIGNATURE,
  signGrant,
} from '../src/paymasterGrant'
import { useAnvil } from './util'

const ctx = useAnvil()
let deployment: Deployment
let alto: AltoInstance

beforeAll(async () => {
  deployment = await deployAll({ rpcUrl: ctx.rpcUrl, writeModule: false })
  alto = await startAlto({ rpcUrl: ctx.rpcUrl })
}, 120_000)
afterAll(async () => {
  await alto?.stop()
})

const PAYMASTER_VERIFICATION_GAS = 80_000n
const signer = privateKeyToAccount(DEVNET_PAYMASTER_SIGNER.privateKey)
const window = () => ({ validUntil: Math.floor(Date.now() / 1000) + 600, validAfter: 0 })

/** The paymaster's two steps (ERC-7677) done in the test with the devnet signer's key. */
const devnetPaymaster = () => ({
  getPaymasterStubData: async () => ({
    paymaster: deployment.addresses.sponsorPaymaster,
    paymasterData: encodePaymasterData(window(), STUB_GRANT_SIGNATURE),
    paymasterVerificationGasLimit: PAYMASTER_VERIFICATION_GAS,
    paymasterPostOpGasLimit: 0n,
  }),
  getPaymasterData: async (op: GetPaymasterDataParameters) => ({
    paymaster: deployment.addresses.sponsorPaymaster,
    paymasterData: await signGrant(
      signer,
      {
        ...(op as unknown as GrantedOperation),
        paymaster: deployment.addresses.sponsorPaymaster,
        paymasterVerificationGasLimit: PAYMASTER_VERIFICATION_GAS,
        paymasterPostOpGasLimit: 0n,
      },
      window(),
      op.chainId,
    ),
  }),
})

/** The code is the artifact's but for its immutables (sender creator, EIP-712 domain), zero in the artifact. */
function expectPublishedCode(code: Hex, published: Hex) {
  expect(code.length).toBe(published.length)
  for (let i = 2; i < code.length; i++) if (code[i] !== published[i]) expect(published[i]).toBe('0')
}

describe('the ERC-4337 v0.8 deployment', () => {
  it('puts the published EntryPoint and Simple7702Account at their canonical addresses', async () => {
    expect(CREATE2_DEPLOYER).toBe('0x4e59b44847b379578588920cA78FbF26c0B4956C')
    expect(deployment.addresses.entryPoint08).toBe('0x4337084D9E255Ff0702461CF8895CE9E3b5Ff108')
    expect(deployment.addresses.simple7702Account).toBe('0xe6Cae83BdE06E4c305530e199D7217f42808555B')
    expect(ENTRY_POINT_08_ADDRESS).toBe(deployment.addresses.entryPoint08)
    expect(SIMPLE_7702_ACCOUNT_ADDRESS).toBe(deployment.addresses.simple7702Account)
    const code = async (address: Hex) => (await ctx.publicClient.getCode({ address })) ?? '0x'
    expectPublishedCode(await code(ENTRY_POINT_08_ADDRESS), entryPoint08Artifact.deployedBytecode)
    expect(await code(SIMPLE_7702_ACCOUNT_ADDRESS)).toBe(simple7702AccountArtifact.deployedBytecode)
  })

  it('funds the paymaster in the EntryPoint and gives it the devnet signer', async () => {
    const paymaster = { address: deployment.addresses.sponsorPaymaster, abi: sponsorPaymasterAbi } as const
    expect(DEVNET_PAYMASTER_DEPOSIT).toBe(parseEther('100'))
    expect(
      await ctx.publicClient.readContract({
        address: ENTRY_POINT_08_ADDRESS,
        abi: entryPoint08Abi,
        functionName: 'balanceOf',
        args: [paymaster.address],
      }),
    ).toBe(parseEther('100'))
    expect(await ctx.publicClient.readContract({ ...paymaster, functionName: 'signer' })).toBe(signer.address)
    expect(await ctx.publicClient.readContract({ ...paymaster, functionName: 'owner' })).toBe(
      deployment.deployer,
    )
    expect(await ctx.publicClient.readContract({ ...paymaster, functionName: 'accountImplementation' })).toBe(
      SIMPLE_7702_ACCOUNT_ADDRESS,
    )
  })

  it('is left as it is by a second deploy', async () => {
    const again = await deployAll({ rpcUrl: ctx.rpcUrl, writeModule: false })
    expect(again.deployed).toEqual([])
    expect(again.addresses.sponsorPaymaster).toBe(deployment.addresses.sponsorPaymaster)
  })
})

const MINT = encodeFunctionData({ abi: allAccessPassAbi, functionName: 'mint' })

describe('a sponsored UserOperation through Alto', () => {
  it('lets a fresh EOA holding exactly the price delegate by 7702 and mint the pass, paying no gas', async () => {
    const owner = privateKeyToAccount(generatePrivateKey())
    const price = deployment.passConfig.priceWei
    expect(price).toBe(parseEther('0.01'))
    await fundAccount(ctx.rpcUrl, owner.address, price)
    const account = await toSimple7702SmartAccount({ client: ctx.publicClient, owner })
    expect(account.address).toBe(owner.address)
    const bundler = createBundlerClient({
      account,
      client: ctx.publicClient,
      transport: http(alto.bundlerUrl),
      paymaster: devnetPaymaster(),
    })
    const authorization = await owner.signAuthorization({
      chainId: ctx.chain.id,
      nonce: await ctx.publicClient.getTransactionCount({ address: owner.address }),
      contractAddress: SIMPLE_7702_ACCOUNT_ADDRESS,
    })
    const pass = deployment.addresses.allAccessPass
    const hash = await bundler.sendUserOperation({
      calls: [
        { to: pass, value: price, data: encodeFunctionData({ abi: allAccessPassAbi, functionName: 'mint' }) },
      ],
      authorization,
    })
    const receipt = await bundler.waitForUserOperationReceipt({ hash, pollingInterval: 100 })
    expect(receipt.success).toBe(true)
    expect(receipt.sender).toBe(owner.address)
    expect(receipt.paymaster).toBe(deployment.addresses.sponsorPaymaster)
    expect(await ctx.publicClient.getBalance({ address: owner.address })).toBe(0n)
    expect(
      await ctx.publicClient.readContract({
        address: pass,
        abi: allAccessPassAbi,
        functionName: 'balanceOf',
        args: [owner.address],
      }),
    ).toBe(1n)
    expect(await ctx.publicClient.getCode({ address: owner.address })).toBe(
      `0xef0100${SIMPLE_7702_ACCOUNT_ADDRESS.slice(2).toLowerCase()}`,
    )
  })

  it('pays for no account delegated elsewhere, even with a valid grant', async () => {
    // The same Simple7702Account code at another address: a delegate the paymaster does not know.
    const wallet = ctx.wallet(0)
    const deployHash = await wallet.deployContract({
      abi: simple7702AccountArtifact.abi,
      bytecode: simple7702AccountArtifact.bytecode,
    })
    const other = (await ctx.publicClient.waitForTransactionReceipt({ hash: deployHash })).contractAddress
    if (!other) throw new Error('no contract address')
    const owner = privateKeyToAccount(generatePrivateKey())
    await fundAccount(ctx.rpcUrl, owner.address, parseEther('0.01'))
    const account = await toSimple7702SmartAccount({ client: ctx.publicClient, owner, implementation: other })
    const bundler = createBundlerClient({
      account,
      client: ctx.publicClient,
      transport: http(alto.bundlerUrl),
      paymaster: devnetPaymaster(),
    })
    const authorization = await owner.signAuthorization({
      chainId: ctx.chain.id,
      nonce: 0,
      contractAddress: other,
    })
    await expect(
      bundler.sendUserOperation({
        calls: [{ to: deployment.addresses.allAccessPass, value: parseEther('0.01'), data: MINT }],
        authorization,
      }),
    ).rejects.toThrow(`AA33 reverted ${toFunctionSelector('AccountNotDelegated(address)')}`)
    expect(await ctx.publicClient.getBalance({ address: owner.address })).toBe(parseEther('0.01'))
  })

  it('keeps the fee flat over consecutive operations with devnetUserOperationFees', async () => {
    const fees: bigint[] = []
    for (let i = 0; i < 4; i++) {
      const owner = privateKeyToAccount(generatePrivateKey())
      await fundAccount(ctx.rpcUrl, owner.address, parseEther('0.01'))
      const account = await toSimple7702SmartAccount({ client: ctx.publicClient, owner })
      const bundler = createBundlerClient({
        account,
        client: ctx.publicClient,
        transport: http(alto.bundlerUrl),
        paymaster: devnetPaymaster(),
        userOperation: { estimateFeesPerGas: () => devnetUserOperationFees(ctx.publicClient) },
      })
      const authorization = await owner.signAuthorization({
        chainId: ctx.chain.id,
        nonce: 0,
        contractAddress: SIMPLE_7702_ACCOUNT_ADDRESS,
      })
      const hash = await bundler.sendUserOperation({
        calls: [{ to: deployment.addresses.allAccessPass, value: parseEther('0.01'), data: MINT }],
        authorization,
      })
      const receipt = await bundler.waitForUserOperationReceipt({ hash, pollingInterval: 100 })
      expect(receipt.success).toBe(true)
      // What each unit of gas cost: the base fee (far below a gwei here) and the tip.
      fees.push(receipt.actualGasCost / receipt.actualGasUsed)
    }
    expect(DEVNET_PRIORITY_FEE).toBe(parseGwei('1'))
    for (const fee of fees) expect(fee).toBeLessThan(parseGwei('1.1'))
  })
})
