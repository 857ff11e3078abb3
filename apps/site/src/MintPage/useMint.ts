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

/** How a mint is sent: resolves with its transaction's hash. */
export type MintSender = (price: bigint) => Promise<Hash>

/** The plain mint: one transaction the wallet sends, its gas paid by the wallet. */
const sendMint: MintSender = (price) =>
  writeContract(wagmiConfig, {
    address: env.passAddress,
    abi: passAbi,
    functionName: 'mint',
    value: price,
    chainId: chain.id,
  })

/**
 * mint → wallet confirmation → pending transaction → confirmed (or failed, in plain words). `via` sends it
 * another way (gasCovered.tsx: one sponsored batch).
 */
export function useMint(onConfirmed: (hash: Hash) => void) {
  const [state, setState] = useState<MintState>({ step: 'idle' })
  /** The last attempt: Try again mints again at its price, the same way. */
  const last = useRef<{ price: bigint; via: MintSender } | undefined>(undefined)
  const mint = useCallback(
    async (price: bigint, via: MintSender = sendMint) => {
      last.current = { price, via }
      setState({ step: 'confirm' })
      try {
        const hash = await via(price)
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
    if (last.current === undefined) setState({ step: 'idle' })
    else void mint(last.current.price, last.current.via)
  }, [mint])
  return { state, mint, retry }
}
