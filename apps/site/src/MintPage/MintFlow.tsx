import { formatEther } from 'viem'
import { chain } from '../wagmi'
import { describeMintError } from './describeMintError'
import { useMint } from './useMint'
import type { usePassData } from './usePassData'

export type MintFlowProps = { data: ReturnType<typeof usePassData> }

/**
 * The connected part of the page. Loaded only once a wallet is connected, so first-time visitors don't
 * download the transaction-signing code.
 */
export default function MintFlow({ data }: MintFlowProps) {
  const { state, mint, reset } = useMint(data.refetch)

  if (data.mintedCount > 0n) {
    return (
      <>
        {state.step === 'confirmed' ? <p className="success">Minted! Welcome aboard.</p> : null}
        <p>You hold All-Access Pass{data.ownedTokenId === undefined ? '' : ` #${data.ownedTokenId}`}.</p>
        {state.step === 'confirmed' ? <TransactionLink hash={state.receipt.transactionHash} /> : null}
      </>
    )
  }
  switch (state.step) {
    case 'confirm':
      return <p>Confirm the mint in your wallet…</p>
    case 'pending':
    case 'confirmed':
      return (
        <>
          <p>{state.step === 'pending' ? 'Transaction pending…' : 'Confirmed. Loading your pass…'}</p>
          <TransactionLink hash={state.step === 'pending' ? state.hash : state.receipt.transactionHash} />
        </>
      )
    case 'failed':
      return (
        <>
          <p className="error" role="alert">
            {describeMintError(state.error)}
          </p>
          <button type="button" className="button" onClick={reset}>
            Try again
          </button>
        </>
      )
  }
  const { price, totalMinted, maxSupply, balance } = data
  if (price === undefined || totalMinted === undefined || maxSupply === undefined)
    return <p>Loading the pass…</p>
  if (totalMinted >= maxSupply) return <p>Sold out. All {String(maxSupply)} passes are minted.</p>
  if (balance !== undefined && balance < price) {
    return (
      <p>
        Not enough ETH: you need {formatEther(price - balance)} ETH more (plus gas) to mint for{' '}
        {formatEther(price)} ETH.
      </p>
    )
  }
  return (
    <button type="button" className="button primary" onClick={() => void mint(price)}>
      Mint for {formatEther(price)} ETH
    </button>
  )
}

function TransactionLink({ hash }: { hash: `0x${string}` }) {
  const explorer = chain.blockExplorers?.default.url
  return (
    <p className="tx">
      Transaction{' '}
      {explorer ? (
        <a href={`${explorer}/tx/${hash}`} target="_blank" rel="noreferrer">
          <code>{hash}</code>
        </a>
      ) : (
        <code>{hash}</code>
      )}
    </p>
  )
}
