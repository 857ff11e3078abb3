import {
  chainIdOfCoinType,
  type Identity,
  labelInZone,
  NAME_MAX_LENGTH,
  NAME_MESSAGE_MAX_AGE_SECONDS,
  NAME_MESSAGE_MAX_SKEW_SECONDS,
  NAME_SUGGESTIONS_COUNT,
  NAME_TEXTS,
  type NameEntry,
  type NameMessage,
  type NameRegistration,
  type NameSuggestions,
  nameAttributesSchema,
  nameMessageSchema,
  nameTexts,
  normaliseName,
} from '@allaccess/protocol'
import { and, asc, eq, inArray, lt } from 'drizzle-orm'
import { type Address, createPublicClient, custom, getAddress, type Hex } from 'viem'
import { normaliseAddress, UpstreamUnavailableError } from '../account/index.js'
import { type Db, isUniqueViolation } from '../db/index.js'
import { UpstreamError, type Upstreams } from '../gateway/index.js'
import { ChainRpc } from '../indexer/index.js'
import { nameConflict, nameNotFound, nameRefused } from './errors.js'
import { type NameRow, names } from './tables.js'

/** Alternatives tried for a suggestions answer, of which the first NAME_SUGGESTIONS_COUNT free ones are listed. */
const ALTERNATIVES_TRIED = NAME_SUGGESTIONS_COUNT * 4

/** The entry of a stored name: its one address under the coin type it was registered with. */
export function entryOf(row: NameRow): NameEntry {
  return {
    name: row.name,
    registered: row.registeredAt,
    updated: row.updatedAt,
    addresses: { [String(row.coinType)]: { address: getAddress(row.address), created: row.registeredAt } },
    attributes: row.attributes,
  }
}

/** `label` with a number behind it, shortened to stay a valid label: alice1, alice2… */
function alternativesOf(label: string): string[] {
  return Array.from({ length: ALTERNATIVES_TRIED }, (_, i) => {
    const suffix = String(i + 1)
    return label.slice(0, NAME_MAX_LENGTH - suffix.length) + suffix
  })
}

function causedBy(error: unknown, type: abstract new (...args: never[]) => Error): boolean {
  for (let e = error; e; e = (e as { cause?: unknown }).cause) if (e instanceof type) return true
  return false
}

/**
 * The name service (apps/cloud/README.md#names): names under one zone, registered by a signed message,
 * looked up by name and by address, with suggestions. One name per address per zone; the owner may
 * re-register its name with new attributes (a newer message). State lives in the database only.
 */
export class NameService {
  /** The clock of the message window; tests may replace it. */
  now: () => number = Date.now

  constructor(
    private readonly db: Db,
    private readonly upstreams: Upstreams,
    readonly zone: string,
  ) {}

  private nowSeconds(): number {
    return Math.floor(this.now() / 1000)
  }

  /** The row of a full, normalised name. */
  async find(name: string): Promise<NameRow | undefined> {
    const [row] = await this.db.select().from(names).where(eq(names.name, name))
    return row
  }

  /** The name `address` holds in this zone (its primary name for reverse resolution). */
  async nameOf(address: string): Promise<NameRow | undefined> {
    const [row] = await this.db
      .select()
      .from(names)
      .where(and(eq(names.zone, this.zone), eq(names.address, normaliseAddress(address))))
    return row
  }

  /** What an app shows for `address` (`/v1/identity`): its name in this zone and that name's avatar. */
  async identityOf(address: string): Promise<Identity> {
    const row = await this.nameOf(address)
    return { name: row?.name ?? null, avatar: row?.attributes.avatar ?? null }
  }

  /** The entry of a full name, or of a bare label in this zone. */
  async lookup(name: string): Promise<NameEntry> {
    const normalised = normaliseName(name)
    const full = normalised.includes('.') ? normalised : `${normalised}.${this.zone}`
    const row = await this.find(full)
    if (!row) throw nameNotFound(nameTexts.notFound(full))
    return entryOf(row)
  }

  /** Every name of `address` (in any zone this cloud ever served), oldest first. */
  async reverse(address: string): Promise<NameEntry[]> {
    const rows = await this.db
      .select()
      .from(names)
      .where(eq(names.address, normaliseAddress(address)))
      .orderBy(asc(names.registeredAt), asc(names.name))
    return rows.map(entryOf)
  }

  /** The name asked for (registered or not, docs/behaviour.md#names), then free alternatives that keep the rule. */
  async suggestions(name: string, zone?: string): Promise<NameSuggestions> {
    if (zone !== undefined && normaliseName(zone) !== this.zone) throw nameRefused(nameTexts.zone(this.zone))
    const parsed = labelInZone(name, this.zone)
    if ('problem' in parsed) throw nameRefused(parsed.problem)
    const full = (label: string) => `${label}.${this.zone}`
    const wanted = full(parsed.label)
    const alternatives = alternativesOf(parsed.label).map(full)
    const taken = new Set(
      (
        await this.db
          .select({ name: names.name })
          .from(names)
          .where(inArray(names.name, [wanted, ...alternatives]))
      ).map((row) => row.name),
    )
    return {
      suggestions: [
        { name: wanted, registered: taken.has(wanted) },
        ...alternatives
          .filter((alternative) => !taken.has(alternative))
          .slice(0, NAME_SUGGESTIONS_COUNT)
          .map((alternative) => ({ name: alternative, registered: false })),
      ],
    }
  }

  /**
   * Registers the message's name for `address` once the message is fresh and signed by it (EOA, ERC-1271
   * or ERC-6492 through the chain of `coin_type`). `created` is false when the owner re-registered its name with new
   * attributes.
   */
  async register(request: NameRegistration): Promise<{ entry: NameEntry; created: boolean }> {
    const chainId = chainIdOfCoinType(request.coin_type)
    if (chainId === undefined) throw nameRefused(NAME_TEXTS.invalidChainId)
    if (!this.upstreams.has(chainId)) throw nameRefused(nameTexts.chain(request.coin_type))
    const message = parseMessage(request.message)
    const attributes = nameAttributesSchema.safeParse(message.attributes)
    if (!attributes.success) throw nameRefused(NAME_TEXTS.attributes)
    const name = normaliseName(message.name)
    const parsed = labelInZone(name, this.zone)
    if ('problem' in parsed) throw nameRefused(parsed.problem)
    if (name !== `${parsed.label}.${this.zone}`) throw nameRefused(nameTexts.zone(this.zone))
    const now = this.nowSeconds()
    if (now - message.timestamp > NAME_MESSAGE_MAX_AGE_SECONDS) throw nameRefused(NAME_TEXTS.messageStale)
    if (message.timestamp - now > NAME_MESSAGE_MAX_SKEW_SECONDS) throw nameRefused(NAME_TEXTS.messageFuture)
    const address = getAddress(normaliseAddress(request.address))
    if (!(await this.verify(chainId, address, request.message, request.signature as Hex)))
      throw nameRefused(NAME_TEXTS.signature)

    const existing = await this.find(name)
    if (existing) {
      if (existing.address !== normaliseAddress(address)) throw nameConflict(nameTexts.taken(name))
      const [updated] = await this.db
        .update(names)
        .set({ attributes: attributes.data, updatedAt: now, signedAt: message.timestamp })
        .where(and(eq(names.name, name), lt(names.signedAt, message.timestamp)))
        .returning()
      if (!updated) throw nameRefused(NAME_TEXTS.messageStale)
      return { entry: entryOf(updated), created: false }
    }
    const held = await this.nameOf(address)
    if (held) throw nameConflict(nameTexts.addressHasName(held.name))
    try {
      const [row] = await this.db
        .insert(names)
        .values({
          name,
          zone: this.zone,
          address: normaliseAddress(address),
          coinType: request.coin_type,
          attributes: attributes.data,
          registeredAt: now,
          updatedAt: now,
          signedAt: message.timestamp,
        })
        .returning()
      return { entry: entryOf(row as NameRow), created: true }
    } catch (error) {
      if (!isUniqueViolation(error)) throw error
      // Another registration won the race, for this name or for this address.
      const winner = await this.nameOf(address)
      throw nameConflict(winner ? nameTexts.addressHasName(winner.name) : nameTexts.taken(name))
    }
  }

  /** Whether `address` signed `message` on the chain; the chain's node being down is a 503, not a "no". */
  private async verify(chainId: number, address: Address, message: string, signature: Hex): Promise<boolean> {
    const rpc = new ChainRpc(this.upstreams, chainId)
    const client = createPublicClient({
      transport: custom({ request: ({ method, params }) => rpc.call(method, params ?? []) }),
    })
    try {
      return await client.verifyMessage({ address, message, signature })
    } catch (error) {
      if (causedBy(error, UpstreamError))
        throw new UpstreamUnavailableError(`eip155:${chainId}`, (error as Error).message)
      // A signature the validator cannot even parse proves nothing.
      return false
    }
  }
}

function parseMessage(text: string): NameMessage {
  try {
    const parsed = nameMessageSchema.safeParse(JSON.parse(text))
    if (parsed.success) return parsed.data
  } catch {}
  throw nameRefused(NAME_TEXTS.message)
}
