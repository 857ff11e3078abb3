import type { WalletCatalogueEntry } from '@allaccess/protocol'
import { asc, inArray, sql } from 'drizzle-orm'
import { type Db, meta } from '../db/index.js'
import { walletIcon } from './catalogue/index.js'
import { type ImageKind, imageFrom, type StoredImage } from './images.js'
import * as tables from './tables.js'

const REVISION_KEY = 'directory_revision'
/** Keeps each statement well under PostgreSQL's limit of bind parameters. */
const CHUNK = 500

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = []
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK))
  return out
}

function iconOf(listing: WalletCatalogueEntry): StoredImage {
  const icon = walletIcon(listing.id, [listing])
  if (!icon) throw new Error(`no icon for ${listing.id}`)
  return imageFrom('wallet', listing.image_id, icon.contentType, icon.body)
}

export type UpsertResult = { added: number; updated: number }

/** Wallet listings and images in the database; every write bumps the directory revision. */
export class DirectoryStore {
  constructor(private readonly db: Db) {}

  async revision(): Promise<string> {
    const rows = await this.db
      .select({ value: meta.value })
      .from(meta)
      .where(sql`${meta.key} = ${REVISION_KEY}`)
    return rows[0]?.value ?? '0'
  }

  async listings(): Promise<WalletCatalogueEntry[]> {
    const rows = await this.db
      .select({ listing: tables.wallets.listing })
      .from(tables.wallets)
      .orderBy(asc(tables.wallets.order), asc(tables.wallets.name), asc(tables.wallets.id))
    return rows.map((row) => row.listing as WalletCatalogueEntry)
  }

  async image(kind: ImageKind, id: string): Promise<StoredImage | undefined> {
    const rows = await this.db
      .select()
      .from(tables.images)
      .where(sql`${tables.images.kind} = ${kind} and ${tables.images.id} = ${id}`)
    const row = rows[0]
    return row ? { ...row, kind } : undefined
  }

  /** Adds or replaces listings (and their icons) in one transaction. Listings must be validated. */
  async upsertListings(listings: readonly WalletCatalogueEntry[]): Promise<UpsertResult> {
    if (listings.length === 0) return { added: 0, updated: 0 }
    return this.db.transaction(async (tx) => {
      const ids = listings.map((listing) => listing.id)
      let existing = 0
      for (const part of chunks(ids)) {
        const rows = await tx
          .select({ id: tables.wallets.id })
          .from(tables.wallets)
          .where(inArray(tables.wallets.id, part))
        existing += rows.length
      }
      for (const part of chunks(listings)) {
        await tx
          .insert(tables.wallets)
          .values(
            part.map((listing) => ({ id: listing.id, listing, name: listing.name, order: listing.order })),
          )
          .onConflictDoUpdate({
            target: tables.wallets.id,
            set: {
              listing: sql`excluded.listing`,
              name: sql`excluded.name`,
              order: sql`excluded.order`,
              updatedAt: sql`now()`,
            },
          })
        await upsertImages(tx, part.map(iconOf))
      }
      await bumpRevision(tx)
      return { added: listings.length - existing, updated: existing }
    })
  }

  async putImages(images: readonly StoredImage[]): Promise<void> {
    await this.db.transaction(async (tx) => {
      await upsertImages(tx, images)
      await bumpRevision(tx)
    })
  }

  async meta(key: string): Promise<string | undefined> {
    const rows = await this.db.select().from(meta).where(sql`${meta.key} = ${key}`)
    return rows[0]?.value
  }

  async setMeta(key: string, value: string): Promise<void> {
    await this.db.insert(meta).values({ key, value }).onConflictDoUpdate({ target: meta.key, set: { value } })
  }
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

async function upsertImages(tx: Tx, images: readonly StoredImage[]): Promise<void> {
  // One statement may not touch a row twice: listings sharing an image id keep the last icon.
  const unique = [...new Map(images.map((image) => [`${image.kind}/${image.id}`, image])).values()]
  for (const part of chunks(unique)) {
    await tx
      .insert(tables.images)
      .values(part)
      .onConflictDoUpdate({
        target: [tables.images.kind, tables.images.id],
        set: { contentType: sql`excluded.content_type`, body: sql`excluded.body`, etag: sql`excluded.etag` },
      })
  }
}

async function bumpRevision(tx: Tx): Promise<void> {
  await tx.execute(
    sql`insert into meta (key, value) values (${REVISION_KEY}, '1')
        on conflict (key) do update set value = (meta.value::bigint + 1)::text`,
  )
}
