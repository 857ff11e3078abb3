import type { Network } from '../../chains/types'
import type { Store } from '../../kernel/store'
import { type AccountState, emptyPage, type Paged } from './accountState'

/** What a paged list of the account on show reads and writes (the account controller's). */
export type PagedListDeps = {
  state: Store<AccountState>
  /** The account and network on show, when there is one. */
  current: () => { address: string; network: Network | undefined } | undefined
  /** Whether `address` is still the account on show (a slow answer for a previous one is dropped). */
  stillCurrent: (address: string) => boolean
}

/**
 * A list of the account on show (docs/behaviour.md#activity, #nfts) read page by page into `field`: the first page
 * replaces it, later ones append; a failed first page leaves it empty and calls `onFailed`.
 */
export function createPagedLoader<T>(
  { state, current, stillCurrent }: PagedListDeps,
  {
    field,
    fetchPage,
    keep,
    onFailed,
    afterFirstPage = () => {},
  }: {
    field: 'activity' | 'nfts'
    fetchPage: (address: string, on: Network, cursor?: string) => Promise<{ data: T[]; next: string | null }>
    keep: (item: T) => boolean
    onFailed: () => void
    afterFirstPage?: (address: string, on: Network, page: T[]) => void
  },
) {
  const set = (address: string, update: (list: Paged<T>) => Paged<T>) => {
    if (stillCurrent(address))
      state.setState((previous) => ({ [field]: update(previous[field] as unknown as Paged<T>) }))
  }
  async function load(more: boolean): Promise<void> {
    const on = current()
    const list = state.getState()[field] as unknown as Paged<T>
    // A family the cloud keeps no history (nor NFTs) of: nothing to ask it, the tab says so.
    if (!state.getState().historyKept) return
    if (!on?.network || (more && (!list.next || list.loadingMore || list.status !== 'ready'))) return
    const { address, network: net } = on
    const cursor = more ? (list.next ?? undefined) : undefined
    set(address, (previous) =>
      more ? { ...previous, loadingMore: true } : { ...previous, status: 'loading' },
    )
    try {
      const page = await fetchPage(address, net, cursor)
      if (!more) afterFirstPage(address, net, page.data)
      const items = page.data.filter(keep)
      set(address, (previous) => ({
        status: 'ready',
        items: more ? [...previous.items, ...items] : items,
        next: page.next,
        loadingMore: false,
      }))
    } catch (error) {
      console.warn(`Account ${field} could not be read`, error)
      if (more) set(address, (previous) => ({ ...previous, loadingMore: false }))
      else {
        set(address, () => ({ ...emptyPage<T>(), status: 'failed' }))
        onFailed()
      }
    }
  }
  return { load: () => load(false), loadMore: () => load(true) }
}
