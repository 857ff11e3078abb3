import type { WalletListing } from '@allaccess/protocol'
import { useVirtualizer } from '@tanstack/react-virtual'
import { type KeyboardEvent, useEffect, useRef, useState } from 'react'
import type { Connector } from '../../../../chains/types'
import { installedConnector } from '../../installedConnector'
import { nextGridIndex } from './gridKeys'
import { WalletTile } from './WalletTile'

/** Four tiles fit the 360 px modal; a row is a tile (96 px) and the gap under it. */
export const GRID_COLUMNS = 4
const ROW_HEIGHT_PX = 104
const OVERSCAN_ROWS = 2
/** The next page is asked for this many rows before the end, so scrolling rarely waits. */
const LOAD_AHEAD_ROWS = 2

export type WalletGridProps = {
  wallets: readonly WalletListing[]
  /** All the wallets the cloud has for the current list, loaded or not (for aria-rowcount). */
  count: number
  hasMore: boolean
  busy: boolean
  connectors: readonly Connector[]
  /** Changes when a new list replaces the old one, so focus starts again at its first tile. */
  listKey: string
  onLoadMore: () => void
  onSelect: (wallet: WalletListing) => void
}

/**
 * The ARIA grid pattern over a virtualized list: only the rows in view (and a few around) are in the DOM,
 * arrows move a roving tab stop, and Enter/Space press the focused tile's button.
 */
export function WalletGrid(props: WalletGridProps) {
  const { wallets, hasMore, onLoadMore } = props
  const scrollRef = useRef<HTMLDivElement>(null)
  const focusNext = useRef<number | null>(null)
  const [active, setActive] = useState(0)
  const rowCount = Math.ceil(wallets.length / GRID_COLUMNS)
  const virtualizer = useVirtualizer({
    count: rowCount,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT_PX,
    overscan: OVERSCAN_ROWS,
    // Let React batch scroll updates instead of forcing a synchronous render on every scroll event.
    useFlushSync: false,
  })
  const rows = virtualizer.getVirtualItems()
  const lastRow = rows.at(-1)?.index ?? -1

  useEffect(() => {
    if (hasMore && lastRow >= rowCount - LOAD_AHEAD_ROWS) onLoadMore()
  }, [hasMore, lastRow, rowCount, onLoadMore])

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new list starts at its first tile
  useEffect(() => {
    setActive(0)
    scrollRef.current?.scrollTo({ top: 0 })
  }, [props.listKey])

  // Keyboard moves land after the virtualizer has rendered the target row.
  useEffect(() => {
    if (focusNext.current === null) return
    const tile = scrollRef.current?.querySelector<HTMLElement>(`[data-index="${focusNext.current}"]`)
    if (!tile) return
    focusNext.current = null
    tile.focus()
  })

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const next = nextGridIndex(
      event.key,
      active,
      wallets.length,
      GRID_COLUMNS,
      event.ctrlKey || event.metaKey,
    )
    if (next === undefined) return
    event.preventDefault()
    focusNext.current = next
    setActive(next)
    virtualizer.scrollToIndex(Math.floor(next / GRID_COLUMNS), { align: 'auto' })
  }

  const firstShown = (rows[0]?.index ?? 0) * GRID_COLUMNS
  const lastShown = (lastRow + 1) * GRID_COLUMNS - 1
  // The tab stop must be a rendered tile: the active one, or the first in view when it scrolled away.
  const tabStop = active >= firstShown && active <= lastShown ? active : firstShown
  return (
    // biome-ignore lint/a11y/useSemanticElements: virtualized rows are absolutely positioned, which table layout can't do
    <div
      ref={scrollRef}
      className="wallet-grid"
      role="grid"
      aria-label="All wallets"
      aria-rowcount={Math.ceil(Math.max(props.count, wallets.length) / GRID_COLUMNS)}
      aria-colcount={GRID_COLUMNS}
      aria-busy={props.busy}
      onKeyDown={onKeyDown}
    >
      <div className="wallet-grid-sizer" style={{ height: virtualizer.getTotalSize() }}>
        {rows.map((row) => (
          // biome-ignore lint/a11y/useSemanticElements lint/a11y/useFocusableInteractive: as the grid; focus goes to the tiles' buttons
          <div
            key={row.key}
            role="row"
            aria-rowindex={row.index + 1}
            className="wallet-row"
            style={{ transform: `translateY(${row.start}px)` }}
          >
            {wallets.slice(row.index * GRID_COLUMNS, (row.index + 1) * GRID_COLUMNS).map((wallet, column) => {
              const index = row.index * GRID_COLUMNS + column
              return (
                // biome-ignore lint/a11y/useSemanticElements lint/a11y/useFocusableInteractive: as the grid; focus goes to the tile's button
                <div role="gridcell" aria-colindex={column + 1} key={wallet.id}>
                  <WalletTile
                    wallet={wallet}
                    index={index}
                    installed={Boolean(installedConnector(props.connectors, wallet))}
                    tabbable={index === tabStop}
                    onSelect={props.onSelect}
                    onFocus={setActive}
                  />
                </div>
              )
            })}
          </div>
        ))}
      </div>
    </div>
  )
}
