import { type AnvilInstance, type Deployment, fundAccount } from '@allaccess/chain'
import { allAccessPassAbi } from '@allaccess/chain/deployments'
import { createScriptedWallet } from '@allaccess/testkit'
import { createPublicClient, encodeFunctionData, type Hex, http } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import type { BatchCall, Network } from '../chains/types'

/** What these tests use of `@allaccess/cloud`'s `startBundlerDevnet`. */
type StartBundlerDevnet = () => Promise<{
  anvil: AnvilInstance
  deployment: Deployment
  cloud: { url: string }
  close(): Promise<void>
}>

/**
 * The cloud, imported by a name TypeScript does not follow: the modal's type check would otherwise take in the
 * cloud's whole source under the modal's settings. Vitest resolves it as any import.
 */
const CLOUD_PACKAGE: string = '@allaccess/cloud'
const loadCloud = async () =>
  ((await import(CLOUD_PACKAGE)) as { startBundlerDevnet: StartBundlerDevnet }).startBundlerDevnet

/** The devnet's local project: its default sponsorship policy pays the gas of the pass's mint. */
export const LOCAL_PROJECT = 'allaccess-local'

/**
 * Anvil with the contracts, the real bundler (Alto) on it and the cloud in front of both (its /v1/bundler and its
 * ERC-7677 /v1/paymaster), for the tests of atomic batches.
 */
export type SmartAccountStack = {
  anvil: AnvilInstance
  deployment: Deployment
  network: Network
  /** The cloud's route of a service on the devnet for the local project (`bundler`, `paymaster`). */
  route(service: 'bundler' | 'paymaster'): string
  /** A wallet (testkit's scripted one: EIP-5792 as 7702 UserOperations) holding `wei`, connected. */
  wallet(
    wei: bigint,
  ): Promise<{ address: Hex; request: (method: string, params: unknown[]) => Promise<unknown> }>
  /** The pass's mint at `value`: what the local project's policy sponsors. */
  mint(value: bigint): BatchCall
  client: ReturnType<typeof createPublicClient>
  close(): Promise<void>
}

export async function startSmartAccountStack(): Promise<SmartAccountStack> {
  const { anvil, deployment, cloud, close } = await (await loadCloud())()
  try {
    const cloudUrl = cloud.url
    const route = (service: 'bundler' | 'paymaster') =>
      `${cloudUrl}/v1/${service}?chainId=eip155:31337&projectId=${LOCAL_PROJECT}`
    return {
      anvil,
      deployment,
      network: {
        id: 31337,
        chainNamespace: 'eip155',
        caipNetworkId: 'eip155:31337',
        name: 'Local devnet',
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        rpcUrls: { default: { http: [anvil.rpcUrl] } },
      },
      route,
      async wallet(wei) {
        const privateKey = generatePrivateKey()
        const address = privateKeyToAccount(privateKey).address
        if (wei > 0n) await fundAccount(anvil.rpcUrl, address, wei)
        const wallet = createScriptedWallet(
          { privateKey, chains: [{ id: 31337, rpcUrl: anvil.rpcUrl, bundlerUrl: route('bundler') }] },
          async () => {},
        )
        const request = (method: string, params: unknown[]) =>
          wallet.handle({ method, params, origin: 'http://127.0.0.1:4000' })
        await request('eth_requestAccounts', [])
        return { address, request }
      },
      mint: (value) => ({
        to: deployment.addresses.allAccessPass,
        value,
        data: encodeFunctionData({ abi: allAccessPassAbi, functionName: 'mint' }),
      }),
      client: createPublicClient({ transport: http(anvil.rpcUrl) }),
      close,
    }
  } catch (error) {
    await close()
    throw error
  }
}
