import type { WalletListing } from '@allaccess/protocol'
import { useEffect, useRef } from 'react'
import { WALLET_LIST_EAGER_IMAGES } from '../../../../app/constants'
import { DirectoryErrorText } from '../../../../kernel/errors'
import type { EntryOf } from '../../../../kernel/routes'
import { useStore } from '../../../../react/useStore'
import { Spinner } from '../../../../ui/components/Spinner'
import { useConnectors, useFeature } from '../../../../ui/shell/hooks'
import { useViewStyles } from '../../../../ui/shell/viewStyles'
import { connectFeature } from '../../connectFeature'
import { SEARCH_TERM_MAX_LENGTH, type WalletDirectory } from '../../walletDirectory'
import { allWalletsCss } from './allWallets.css'
import { GetWallet } from './GetWallet'
import { preloadImage } from './useWalletImage'
import { WalletGrid } from './WalletGrid'
import { imageUrlOf } from './WalletImage'
import { walletsFound } from './walletsFound'

export function AllWalletsView({ entry }: { entry: EntryOf<'AllWallets'> }) {
  useViewStyles(allWalletsCss)
  const { directory } = useFeature(connectFeature)
  if (!directory) return <p role="alert">{DirectoryErrorText.notConfigured}</p>
  const walletId = entry.data?.walletId
  return walletId ? (
    <GetWallet directory={directory} walletId={walletId} />
  ) : (
    <AllWallets directory={directory} />
  )
}

function AllWallets({ directory }: { directory: WalletDirectory }) {
  const { walletImageUrl, selectListing } = useFeature(connectFeature)
  const state = useStore(directory)
  const connectors = useConnectors()
  const searchRef = useRef<HTMLInputElement>(null)

  useEffect(() => directory.load(), [directory])

  // The view may arrive after the dialog focused its first control (a lazy chunk): take focus once it is here.
  useEffect(() => searchRef.current?.focus(), [])

  // docs/behaviour.md#all-wallets: the first 20 images are fetched with the page; the rest when their row scrolls into view.
  useEffect(() => {
    for (const wallet of state.wallets.slice(0, WALLET_LIST_EAGER_IMAGES)) {
      const url = imageUrlOf(walletImageUrl, wallet)
      if (url) void preloadImage(url)
    }
  }, [state.wallets, walletImageUrl])

  const select = (wallet: WalletListing) => void selectListing(wallet)

  const searching = state.input.trim() !== state.query
  // A failed next page keeps the wallets in view; any other failure replaces the list.
  const failedMore = state.error !== null && state.wallets.length > 0 && !searching
  let body: JSX.Element
  if (state.error && !failedMore) {
    body = <LoadFailed error={state.error} onRetry={directory.retry} />
  } else if (state.wallets.length === 0 && state.status === 'ready') {
    body = (
      <p className="all-wallets-message muted" role="status">
        {DirectoryErrorText.noWallets}
      </p>
    )
  } else if (state.wallets.length === 0) {
    body = <Spinner label="Loading wallets" />
  } else {
    body = (
      <>
        <WalletGrid
          wallets={state.wallets}
          count={state.count}
          hasMore={state.hasMore}
          busy={state.status === 'loading'}
          connectors={connectors}
          listKey={state.query}
          onLoadMore={directory.loadMore}
          onSelect={select}
        />
        {failedMore && state.error ? <LoadFailed error={state.error} onRetry={directory.retry} /> : null}
        <p className="sr-only" role="status">
          {state.status === 'ready' && state.query ? walletsFound(state.count) : ''}
        </p>
      </>
    )
  }

  return (
    <div className="all-wallets">
      <div className="wallet-search" data-busy={(state.status === 'loading' && searching) || undefined}>
        <input
          ref={searchRef}
          type="search"
          aria-label="Search wallets"
          placeholder="Search wallet"
          autoComplete="off"
          spellCheck={false}
          maxLength={SEARCH_TERM_MAX_LENGTH}
          value={state.input}
          onChange={(event) => directory.search(event.target.value)}
          onKeyDown={(event) => {
            if (event.key !== 'ArrowDown') return
            const first = searchRef.current
              ?.closest('.all-wallets')
              ?.querySelector<HTMLElement>('.wallet-tile[tabindex="0"]')
            if (!first) return
            event.preventDefault()
            first.focus()
          }}
        />
      </div>
      {/* One height for the grid and every state in its place: a search with no results doesn't resize the dialog. */}
      <div className="all-wallets-body">{body}</div>
    </div>
  )
}

function LoadFailed({ error, onRetry }: { error: Error; onRetry: () => void }) {
  return (
    <div className="all-wallets-message" role="alert">
      <p>{DirectoryErrorText.loadFailed}</p>
      <p className="muted">{error.message}</p>
      <button type="button" className="secondary-button" onClick={onRetry}>
        Try again
      </button>
    </div>
  )
}
