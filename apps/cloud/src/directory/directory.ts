import type { FastifyBaseLogger } from 'fastify'
import { SerializedAnswers } from '../http/serialized.js'
import type { ImageKind, StoredImage } from './images.js'
import { type IndexedWallet, indexWallets, queryWallets, type WalletQuery, walletQueryKey } from './query.js'
import type { DirectoryStore } from './store.js'

/** How often a request may trigger a look at the revision (writes by other processes show this fast). */
const REVISION_CHECK_MS = 1000
const MAX_CACHED_IMAGES = 20_000
/** Serialized answers kept per snapshot: a page of 40 is about 26 KiB, so some 600 distinct queries. */
export const MAX_CACHED_ANSWER_BYTES = 16 * 1024 * 1024

export type WalletAnswer = ReturnType<typeof queryWallets>

/**
 * The wallet directory served from memory: listings are read-mostly and every request pages or searches
 * them, so a snapshot of the table answers, refreshed when the stored revision moves.
 */
export class WalletDirectory {
  private wallets: IndexedWallet[] = []
  private revision = ''
  private checkedAt = 0
  private checking: Promise<void> | undefined
  private readonly images = new Map<string, Promise<StoredImage | undefined>>()
  private readonly answers = new SerializedAnswers(MAX_CACHED_ANSWER_BYTES)

  constructor(
    private readonly store: DirectoryStore,
    private readonly log?: FastifyBaseLogger,
  ) {}

  /** Loads the current table; call after writes made through this process. */
  async reload(): Promise<void> {
    const revision = await this.store.revision()
    const listings = await this.store.listings()
    this.wallets = indexWallets(listings)
    this.revision = revision
    this.checkedAt = Date.now()
    this.images.clear()
    this.answers.clear()
  }

  /**
   * The answer to a query as `render` serializes it, rendered once per snapshot: most requests ask the same few
   * pages (the modal's first pages, unfiltered), so they cost a look-up instead of filtering every listing and
   * serializing the page again. `render` must give the same bytes for the same `variant` and answer.
   */
  answer(variant: string, query: WalletQuery, render: (answer: WalletAnswer) => Buffer): Buffer {
    this.refreshSoon()
    return this.answers.get(`${variant} ${walletQueryKey(query)}`, () =>
      render(queryWallets(this.wallets, query)),
    )
  }

  image(kind: ImageKind, id: string): Promise<StoredImage | undefined> {
    this.refreshSoon()
    const key = `${kind}/${id}`
    const hit = this.images.get(key)
    if (hit) return hit
    if (this.images.size >= MAX_CACHED_IMAGES) this.images.clear()
    const loaded = this.store.image(kind, id)
    loaded.catch(() => this.images.delete(key))
    this.images.set(key, loaded)
    return loaded
  }

  /** Off the request path: answers keep using the current snapshot while a newer one loads. */
  private refreshSoon(): void {
    if (this.checking || Date.now() - this.checkedAt < REVISION_CHECK_MS) return
    this.checkedAt = Date.now()
    this.checking = this.store
      .revision()
      .then((revision) => (revision === this.revision ? undefined : this.reload()))
      .catch((error: unknown) => this.log?.warn({ err: error }, 'directory refresh failed'))
      .finally(() => {
        this.checking = undefined
      })
  }

  /** Resolves once a refresh started by a request has finished. */
  async settled(): Promise<void> {
    await this.checking
  }
}
