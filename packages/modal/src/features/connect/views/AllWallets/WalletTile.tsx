import type { WalletListing } from '@allaccess/protocol'
import { Fragment, memo } from 'react'
import { breakableName } from './breakableName'
import { WalletImage } from './WalletImage'

export type WalletTileProps = {
  wallet: WalletListing
  index: number
  installed: boolean
  /** Roving tab stop: only one tile of the grid is in the Tab order. */
  tabbable: boolean
  onSelect: (wallet: WalletListing) => void
  onFocus: (index: number) => void
}

/**
 * One wallet of the grid; its accessible name is the wallet's name (and "Installed" when it is). Memoized:
 * scrolling re-renders the grid, and tiles that stay in view need not.
 */
export const WalletTile = memo(function WalletTile({
  wallet,
  index,
  installed,
  tabbable,
  onSelect,
  onFocus,
}: WalletTileProps) {
  return (
    <button
      type="button"
      className="wallet-tile"
      data-index={index}
      tabIndex={tabbable ? 0 : -1}
      onClick={() => onSelect(wallet)}
      onFocus={() => onFocus(index)}
    >
      <WalletImage listing={wallet} />
      <span className="wallet-tile-name">
        {breakableName(wallet.name).map((part, position) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one name never reorder
          <Fragment key={position}>
            {position > 0 ? <wbr /> : null}
            {part}
          </Fragment>
        ))}
      </span>
      {installed ? <span className="wallet-tile-tag">Installed</span> : null}
    </button>
  )
})
