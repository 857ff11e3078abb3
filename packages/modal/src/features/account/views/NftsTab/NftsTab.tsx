import { Spinner } from '../../../../ui/components/Spinner'
import { useModal } from '../../../../ui/shell/hooks'
import { useViewStyles } from '../../../../ui/shell/viewStyles'
import { AccountErrorText } from '../../errors'
import { useAccount, useAccountState } from '../useAccount'
import { useLoadMore } from '../useLoadMore'
import { nftsTabCss } from './nftsTab.css'

/**
 * NFTs (docs/behaviour.md#nfts): a grid of the account's NFTs, image and name; each opens its detail view. On a
 * family the cloud reads no NFTs of (Solana), it says so instead of a load failure.
 */
export function NftsTab() {
  useViewStyles(nftsTabCss)
  const modal = useModal()
  const account = useAccount()
  const nfts = useAccountState((state) => state.nfts)
  const historyKept = useAccountState((state) => state.historyKept)
  const sentinel = useLoadMore(account.loadMoreNfts, nfts.status === 'ready' && nfts.next !== null)
  if (!historyKept) return <p className="muted account-empty">{AccountErrorText.nftsEvmOnly}</p>
  if (nfts.status === 'idle' || nfts.status === 'loading') return <Spinner label="Loading NFTs" />
  if (nfts.status === 'failed') return <p className="muted account-empty">NFTs could not be loaded</p>
  if (nfts.items.length === 0) return <p className="muted account-empty">No NFTs yet</p>
  return (
    <>
      <ul className="nft-grid" aria-label="NFTs">
        {nfts.items.map((nft) => (
          <li key={nft.id}>
            <button
              type="button"
              className="nft-tile"
              onClick={() => modal.navigate({ view: 'NftDetail', data: { id: nft.id } })}
            >
              <img className="nft-image" src={nft.imageUrl} alt="" width={150} height={150} loading="lazy" />
              <span className="nft-name">{nft.name}</span>
            </button>
          </li>
        ))}
      </ul>
      <div ref={sentinel} aria-hidden="true" />
      {nfts.loadingMore ? <Spinner label="Loading more NFTs" /> : null}
    </>
  )
}
