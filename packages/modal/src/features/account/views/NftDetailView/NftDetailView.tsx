import { formatAddress } from '../../../../kernel/formatAddress'
import { useModalAccount } from '../../../../ui/shell/hooks'
import { useViewStyles } from '../../../../ui/shell/viewStyles'
import { nftsTabCss } from '../NftsTab/nftsTab.css'
import { useAccountState } from '../useAccount'

/** One NFT (docs/behaviour.md#nfts): its art, name, collection, token id, standard, amount and contract. */
export function NftDetailView({ id }: { id: string }) {
  useViewStyles(nftsTabCss)
  const { network } = useModalAccount()
  const nft = useAccountState((state) => state.nfts.items.find((candidate) => candidate.id === id))
  if (!nft) return <p className="muted account-empty">This NFT is no longer in the account</p>
  const explorer = network?.blockExplorerUrl?.replace(/\/+$/, '')
  return (
    <div className="stack nft-detail">
      <img className="nft-image" src={nft.imageUrl} alt={nft.name} width={240} height={240} />
      <h3 className="center">{nft.name}</h3>
      {nft.description ? <p className="muted">{nft.description}</p> : null}
      <dl className="nft-facts">
        <dt>Collection</dt>
        <dd>{nft.collection.name}</dd>
        <dt>Token ID</dt>
        <dd>{nft.tokenId}</dd>
        <dt>Standard</dt>
        <dd>{nft.standard === 'ERC721' ? 'ERC-721' : 'ERC-1155'}</dd>
        {nft.standard === 'ERC1155' ? (
          <>
            <dt>Amount</dt>
            <dd>{nft.amount}</dd>
          </>
        ) : null}
        <dt>Contract</dt>
        <dd title={nft.contract}>{formatAddress(nft.contract)}</dd>
      </dl>
      {explorer ? (
        <a
          className="secondary-button"
          href={`${explorer}/token/${nft.contract}?a=${nft.tokenId}`}
          target="_blank"
          rel="noopener noreferrer"
        >
          View on the block explorer<span className="sr-only"> (opens in a new tab)</span>
        </a>
      ) : null}
    </div>
  )
}
