import { testUsdAbi } from '@allaccess/chain/deployments'
import { type Address, encodeFunctionData, type Hex } from 'viem'
import type { DevnetSigner } from '../faucet/index.js'

/** A signed delivery, recorded before its broadcast: its id (hash or signature) and its wire form. */
export type SignedDelivery = { hash: string; raw: string }

/** What became of a recorded delivery: on chain (succeeded or failed), still able to land, or never to land. */
export type DeliveryFate = 'success' | 'failed' | 'pending' | 'lost'

/**
 * How the sandbox pays an order out on one chain family: it sends, recording the signed transfer before its
 * broadcast, and later tells what became of a recorded one, so an order cut short is delivered once.
 */
export interface DeliveryRail {
  send(address: string, units: bigint, record: (signed: SignedDelivery) => Promise<void>): Promise<string>
  fateOf(recorded: SignedDelivery): Promise<DeliveryFate>
}

/**
 * TestUSD on the devnet, as a provider pays from its own account: minted to the signer (TestUSD's open faucet;
 * minting twice only leaves the signer more), then transferred, so the wallet's Activity shows them received from
 * the provider.
 */
export function testUsdRail(signer: DevnetSigner, token: Address): DeliveryRail {
  const call = (functionName: 'mint' | 'transfer', to: Address, units: bigint) => ({
    to: token,
    data: encodeFunctionData({ abi: testUsdAbi, functionName, args: [to, units] }),
  })
  return {
    async send(address, units, record) {
      await signer.send(call('mint', signer.address, units))
      return signer.sendRecorded(call('transfer', address as Address, units), record)
    },
    async fateOf({ hash, raw }) {
      // Broadcast again (a refusal says it is known already, or its nonce is spent); then, in this order: is its
      // nonce spent, is it mined. Spent before the look and not mined: another transaction took the nonce, and
      // this one never will be mined.
      await signer.rebroadcast(raw as Hex).catch(() => {})
      const spent = await signer.nonceSpent(raw as Hex)
      const outcome = await signer.outcome(hash as Hex)
      if (outcome) return outcome === 'success' ? 'success' : 'failed'
      return spent ? 'lost' : 'pending'
    },
  }
}
