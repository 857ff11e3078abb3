import { ConnectButton, useModal, useModalAccount } from '@allaccess/modal/react'
import { lazy, Suspense } from 'react'
import { type Address, formatEther } from 'viem'
import { chain } from '../wagmi'
import { usePassData } from './usePassData'

const MintFlow = lazy(() => import('./MintFlow'))

export function MintPage() {
  const account = useModalAccount()
  const data = usePassData(account.address as Address | undefined)

  return (
    <section className="mint" aria-labelledby="mint-title">
      <figure className="artwork">
        {data.artwork ? (
          <img src={data.artwork.image} alt={data.artwork.name} width="320" height="320" />
        ) : (
          <img src="/icon.svg" alt="All-Access Pass artwork" width="320" height="320" />
        )}
        {data.artwork ? (
          <figcaption>{data.artwork.owned ? 'Your pass' : 'The next pass to be minted'}</figcaption>
        ) : null}
      </figure>
      <div className="details">
        <h1 id="mint-title">All-Access Pass</h1>
        <p className="lede">One pass, every door. Mint it on {chain.name}.</p>
        <dl className="facts">
          <div>
            <dt>Price</dt>
            <dd>{data.price === undefined ? '…' : `${formatEther(data.price)} ETH`}</dd>
          </div>
          <div>
            <dt>Minted</dt>
            <dd>
              {data.totalMinted === undefined || data.maxSupply === undefined
                ? '…'
                : `${data.totalMinted} / ${data.maxSupply}`}
            </dd>
          </div>
        </dl>
        <div className="action" aria-live="polite">
          <MintAction data={data} />
        </div>
      </div>
    </section>
  )
}

/** One clear state at a time, in the order a visitor meets them. */
function MintAction({ data }: { data: ReturnType<typeof usePassData> }) {
  const account = useModalAccount()
  const { open } = useModal()

  if (data.stats.error && !data.stats.data) {
    return (
      <>
        <p className="error">Can’t load the pass: the network can’t be reached.</p>
        <button type="button" className="button" onClick={() => void data.stats.refetch()}>
          Retry
        </button>
      </>
    )
  }
  if (!account.address) {
    if (account.status === 'reconnecting') return <p>Restoring your wallet…</p>
    return (
      <>
        <p>Connect a wallet to mint your pass.</p>
        <ConnectButton className="button" label="Connect wallet to mint" />
      </>
    )
  }
  if (!account.network) {
    return (
      <>
        <p>Your wallet is on a network this site doesn’t use. Switch to {chain.name} to mint.</p>
        <button type="button" className="button" onClick={() => open({ view: 'UnsupportedChain' })}>
          Switch network
        </button>
      </>
    )
  }
  return (
    <Suspense fallback={<p>Loading…</p>}>
      {/* Keyed by the account: another wallet made current starts afresh, not on the last one's mint. */}
      <MintFlow key={account.address} data={data} />
    </Suspense>
  )
}
