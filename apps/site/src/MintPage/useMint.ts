import { writeContract } from '@wagmi/core'
import { useCallback, useRef, useState } from 'react'
import type { Hash, TransactionReceipt } from 'viem'
import { waitForTransactionReceipt } from 'viem/actions'
import { passAbi } from '../chain/abis'
import { env } from '../env'
import { chain, chainClient, wagmiConfig } from '../wagmi'

export type MintState =
  | { step: 'idle' }
  | { step: 'confirm' }
  | { step: 'pending'; hash: Hash }
  | { step: 'confirmed'; receipt: TransactionReceipt }
  | { step: 'failed'; error: unknown }

/** mint → wallet confirmation → pending transaction → confirmed (or failed, in plain words). */
export function useMint(onConfirmed: (hash: Hash) => void) {
  const [state, setState] = useState<MintState>({ step: 'idle' })
  /** The price of the last attempt: Try again mints again at it. */
  const lastPrice = useRef<bigint | undefined>(undefined)
  const mint = useCallback(
    async (price: bigint) => {
      lastPrice.current = price
      setState({ step: 'confirm' })
      try {
        const hash = await writeContract(wagmiConfig, {
          address: env.passAddress,
          abi: passAbi,
          functionName: 'mint',
          value: price,
          chainId: chain.id,
        })
        setState({ step: 'pending', hash })
        // viem's wait, not wagmi's: wagmi replays a reverted transaction to read its reason (and ships
        // viem's whole deployless-call stack for it); a revert is reported plainly below.
        const receipt = await waitForTransactionReceipt(chainClient, { hash })
        if (receipt.status === 'reverted') throw new Error('The mint transaction was reverted')
        setState({ step: 'confirmed', receipt })
        onConfirmed(hash)
      } catch (error) {
        console.error('Mint failed', error)
        setState({ step: 'failed', error })
      }
    },
    [onConfirmed],
  )
  /** Try again after a failure: the same mint asked of the wallet again (not just the form back). */
  const retry = useCallback(() => {
    if (lastPrice.current === undefined) setState({ step: 'idle' })
    else void mint(lastPrice.current)
  }, [mint])
  return { state, mint, retry }
}
