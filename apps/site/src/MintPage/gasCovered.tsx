import { createBatchCalls } from '@allaccess/modal'
import { useEffect, useState } from 'react'
import { encodeFunctionData, type Hash } from 'viem'
import { passAbi } from '../chain/abis'
import { env } from '../env'
import { modal } from '../modal'

/** The button of a mint whose gas the site pays (docs/paymaster.md#sites). */
export const GAS_COVERED_LABEL = 'Mint — gas covered'

const batches = createBatchCalls(modal)

/**
 * The mint as one atomic batch (EIP-5792) whose gas the project's paymaster covers (ERC-7677, under its
 * sponsorship policy): the wallet spends the price and nothing else. Resolves with the mined transaction's hash.
 */
export async function mintGasCovered(price: bigint): Promise<Hash> {
  const data = encodeFunctionData({ abi: passAbi, functionName: 'mint' })
  const { transactionHash } = await batches.send([{ to: env.passAddress, data, value: price }], {
    sponsored: true,
  })
  return transactionHash as Hash
}

/** Whether the connected wallet (`address`) can have a batch's gas covered here; false until it is known. */
export function useGasCovered(address: string | undefined): boolean {
  const [covered, setCovered] = useState<{ address: string; sponsored: boolean }>()
  useEffect(() => {
    if (!address) return
    let current = true
    batches.ability().then(
      ({ sponsored }) => current && setCovered({ address, sponsored }),
      () => current && setCovered({ address, sponsored: false }),
    )
    return () => {
      current = false
    }
  }, [address])
  return covered !== undefined && covered.address === address && covered.sponsored
}

/** "Mint — gas covered", for a wallet whose batch the site's paymaster pays; nothing for any other. */
export function GasCoveredMint({ sponsored, onMint }: { sponsored: boolean; onMint: () => void }) {
  if (!sponsored) return null
  return (
    <button type="button" className="button primary" onClick={onMint}>
      {GAS_COVERED_LABEL}
    </button>
  )
}
