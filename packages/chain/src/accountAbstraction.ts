// ERC-4337 v0.8 on the devnet: the EntryPoint and Simple7702Account as published by @account-abstraction/contracts
// (used as published, never recompiled), at their canonical addresses, and our own SponsorPaymaster, funded.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import {
  type Abi,
  type Address,
  concat,
  createPublicClient,
  createWalletClient,
  encodeAbiParameters,
  getContractAddress,
  type Hex,
  http,
  parseEther,
  zeroHash,
} from 'viem'
import { entryPoint08Abi, entryPoint08Address } from 'viem/account-abstraction'
import { privateKeyToAccount } from 'viem/accounts'
import { compileContracts } from './compile'
import { DEVNET_PAYMASTER_SIGNER } from './devnet'

/** The deterministic deployment proxy (Arachnid's), which anvil has at genesis: CREATE2 from a salt and init code. */
export const CREATE2_DEPLOYER: Address = '0x4e59b44847b379578588920cA78FbF26c0B4956C'

/**
 * The salts the canonical v0.8 deployments used with CREATE2_DEPLOYER: the EntryPoint's is the one
 * eth-infinitism's deploy scripts give (mined for the 0x4337… prefix); Simple7702Account was deployed with salt 0.
 * With the published artifacts they give the canonical addresses (packages/chain/README.md).
 */
export const ENTRY_POINT_08_SALT: Hex = '0x0a59dbff790c23c976a548690c27297883cc66b4c67024f9117b0238995e35e9'
export const SIMPLE_7702_ACCOUNT_SALT: Hex = zeroHash
/** The canonical addresses, as viem's account-abstraction module and permissionless default to. */
export const ENTRY_POINT_08_ADDRESS: Address = entryPoint08Address
export const SIMPLE_7702_ACCOUNT_ADDRESS: Address = '0xe6Cae83BdE06E4c305530e199D7217f42808555B'
/** Our paymaster's CREATE2 salt: its address follows from it and its constructor arguments. */
export const SPONSOR_PAYMASTER_SALT: Hex = zeroHash
/** What the deploy keeps the paymaster's EntryPoint deposit at, at least: what it can pay for. */
export const DEVNET_PAYMASTER_DEPOSIT = parseEther('100')

const require = createRequire(import.meta.url)

/** A published artifact of @account-abstraction/contracts 0.8 (hardhat format). */
function published(name: 'EntryPoint' | 'Simple7702Account'): {
  abi: Abi
  bytecode: Hex
  deployedBytecode: Hex
} {
  return JSON.parse(
    readFileSync(require.resolve(`@account-abstraction/contracts/artifacts/${name}.json`), 'utf8'),
  )
}

export const entryPoint08Artifact = published('EntryPoint')
export const simple7702AccountArtifact = published('Simple7702Account')

export interface AccountAbstractionAddresses {
  entryPoint08: Address
  simple7702Account: Address
  sponsorPaymaster: Address
}

export interface PaymasterSetup {
  /** Owns the paymaster (may withdraw its deposit). */
  owner: Address
  /** Signs its grants (the cloud's PAYMASTER_SIGNER_KEY). */
  signer: Address
}

/** The paymaster's init code: its creation code with (EntryPoint, owner, signer, account implementation). */
async function paymasterInitCode(setup: PaymasterSetup): Promise<Hex> {
  const { contracts } = await compileContracts()
  return concat([
    contracts.SponsorPaymaster.bytecode,
    encodeAbiParameters(
      [{ type: 'address' }, { type: 'address' }, { type: 'address' }, { type: 'address' }],
      [ENTRY_POINT_08_ADDRESS, setup.owner, setup.signer, SIMPLE_7702_ACCOUNT_ADDRESS],
    ),
  ])
}

/** Where the paymaster for `setup` is (or will be) deployed. */
export async function sponsorPaymasterAddress(setup: PaymasterSetup): Promise<Address> {
  return getContractAddress({
    opcode: 'CREATE2',
    from: CREATE2_DEPLOYER,
    salt: SPONSOR_PAYMASTER_SALT,
    bytecode: await paymasterInitCode(setup),
  })
}

export type AccountAbstractionContract = keyof AccountAbstractionAddresses

/**
 * Makes sure the chain has the EntryPoint v0.8, Simple7702Account and the paymaster (each deployed through the
 * CREATE2 deployer when its address has no code) and that the paymaster's deposit is at least
 * DEVNET_PAYMASTER_DEPOSIT. Returns the addresses and what it deployed.
 */
export async function ensureAccountAbstraction(opts: {
  rpcUrl: string
  deployerKey: Hex
  signer?: Address
}): Promise<{ addresses: AccountAbstractionAddresses; deployed: AccountAbstractionContract[] }> {
  const account = privateKeyToAccount(opts.deployerKey)
  const publicClient = createPublicClient({ transport: http(opts.rpcUrl) })
  const wallet = createWalletClient({ account, transport: http(opts.rpcUrl) })
  const send = async (hash: Hex, what: string) => {
    const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 })
    if (receipt.status !== 'success') throw new Error(`${what}: transaction ${hash} failed`)
  }
  if (!(await publicClient.getCode({ address: CREATE2_DEPLOYER })))
    throw new Error(`the chain has no CREATE2 deployer at ${CREATE2_DEPLOYER}`)

  const deployed: AccountAbstractionContract[] = []
  const ensure = async (key: AccountAbstractionContract, salt: Hex, initCode: Hex): Promise<Address> => {
    const address = getContractAddress({
      opcode: 'CREATE2',
      from: CREATE2_DEPLOYER,
      salt,
      bytecode: initCode,
    })
    if (await publicClient.getCode({ address })) return address
    await send(
      await wallet.sendTransaction({ to: CREATE2_DEPLOYER, data: concat([salt, initCode]), chain: null }),
      `deploying ${key}`,
    )
    if (!(await publicClient.getCode({ address }))) throw new Error(`${key} has no code at ${address}`)
    deployed.push(key)
    return address
  }
  const entryPoint08 = await ensure('entryPoint08', ENTRY_POINT_08_SALT, entryPoint08Artifact.bytecode)
  const simple7702Account = await ensure(
    'simple7702Account',
    SIMPLE_7702_ACCOUNT_SALT,
    simple7702AccountArtifact.bytecode,
  )
  const setup = { owner: account.address, signer: opts.signer ?? DEVNET_PAYMASTER_SIGNER.address }
  const sponsorPaymaster = await ensure(
    'sponsorPaymaster',
    SPONSOR_PAYMASTER_SALT,
    await paymasterInitCode(setup),
  )

  const deposit = await publicClient.readContract({
    address: entryPoint08,
    abi: entryPoint08Abi,
    functionName: 'balanceOf',
    args: [sponsorPaymaster],
  })
  if (deposit < DEVNET_PAYMASTER_DEPOSIT) {
    await send(
      await wallet.writeContract({
        address: entryPoint08,
        abi: entryPoint08Abi,
        functionName: 'depositTo',
        args: [sponsorPaymaster],
        value: DEVNET_PAYMASTER_DEPOSIT - deposit,
        chain: null,
      }),
      'funding the paymaster',
    )
  }
  return { addresses: { entryPoint08, simple7702Account, sponsorPaymaster }, deployed }
}
