import { type AnvilInstance, anvilChain, startAnvil } from '@allaccess/chain'
import { type Config, connect, createConfig, http, mock } from '@wagmi/core'
import { createPublicClient, type Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { alice, bob } from '../../testing/devnet'
import type { Network, WalletActions } from '../types'
import { toNetwork } from './toNetwork'
import { createWalletActions } from './walletActions'

/**
 * The EVM wallet actions on a real devnet (anvil; wagmi's mock wallet signs with anvil's unlocked dev accounts):
 * what the visitor approved is what is sent (docs/behaviour.md#send).
 */
let anvil: AnvilInstance
let config: Config
let network: Network
let actions: WalletActions
const WAIT = { timeoutMs: 10_000, confirmations: 1, retryCount: 3, retryDelayMs: 50 }

const sent = (hash: string) =>
  createPublicClient({ transport: http(anvil.rpcUrl) }).getTransaction({ hash: hash as Hex })

beforeAll(async () => {
  anvil = await startAnvil({ port: 0 })
  const chain = anvilChain(anvil.rpcUrl)
  config = createConfig({
    chains: [chain],
    connectors: [mock({ accounts: [alice] })],
    transports: { [chain.id]: http(anvil.rpcUrl) },
    storage: null,
    multiInjectedProviderDiscovery: false,
  })
  const [connector] = config.connectors
  if (connector) await connect(config, { connector })
  network = toNetwork(chain)
  actions = createWalletActions(config)
}, 30_000)
afterAll(async () => {
  await anvil?.stop()
})

describe('EVM wallet actions', () => {
  it('a transfer is sent as prepared: a legacy transaction at the gas and price whose fee the plan showed', async () => {
    const plan = await actions.prepareTransfer({ network, from: alice, to: bob, amount: 1_000n })
    expect(plan.fee).toMatchObject({ decimals: 18, symbol: 'ETH' })
    expect(Object.isFrozen(plan) && Object.isFrozen(plan.transfer) && Object.isFrozen(plan.fee)).toBe(true)
    // A fresh set of actions (the adapter loads one per use) sends the plan the first one made.
    const hash = await createWalletActions(config).sendTransfer(plan)
    const transaction = await sent(hash)
    expect(transaction).toMatchObject({ type: 'legacy', to: bob.toLowerCase(), value: 1_000n, gas: 21_000n })
    expect(transaction.gas * (transaction.gasPrice ?? 0n)).toBe(plan.fee.value)
    await expect(actions.waitForTransaction(hash, network, WAIT)).resolves.toMatchObject({
      status: 'success',
    })
  })

  it('refuses a plan it did not make: a copy, or one whose receiver was changed after the fee was shown', async () => {
    const plan = await actions.prepareTransfer({ network, from: alice, to: bob, amount: 1n })
    const refused = { code: 'unknownTransferPlan' }
    await expect(actions.sendTransfer({ ...plan })).rejects.toMatchObject(refused)
    await expect(
      actions.sendTransfer({ ...plan, transfer: { ...plan.transfer, to: alice } }),
    ).rejects.toMatchObject(refused)
  })

  it("a call goes out as built, with the gas limit of its family's part", async () => {
    const hash = await actions.sendCall?.({
      from: alice,
      network,
      to: bob,
      data: '0x',
      value: 5n,
      eip155: { gas: '30000', gasPrice: '1' },
    })
    expect(await sent(hash ?? '')).toMatchObject({ gas: 30_000n, value: 5n })
  })
})
