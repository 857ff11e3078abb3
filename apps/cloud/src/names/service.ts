import {
  chainIdOfCoinType,
  type Identity,
  labelInZone,
  labelProblem,
  NAME_MAX_LENGTH,
  NAME_MESSAGE_MAX_AGE_SECONDS,
  NAME_MESSAGE_MAX_SKEW_SECONDS,
  NAME_REGISTRATIONS_PER_CLIENT_PER_DAY,
  NAME_REGISTRATIONS_PER_DAY,
  NAME_RESERVED_MAX_LENGTH,
  NAME_SUGGESTIONS_COUNT,
  NAME_TEXTS,
  NAME_TTL_SECONDS,
  type NameEntry,
  type NameMessage,
  type NameRegistration,
  type NameSuggestions,
  nameAttributesSchema,
  nameMessageSchema,
  nameTexts,
  normaliseName,
} from '@allaccess/protocol'
import { and, asc, count, eq, gt, inArray, lt, lte, or } from 'drizzle-orm'
import { type Address, createPublicClient, custom, getAddress, type Hex } from 'viem'
import { normalize } from 'viem/ens'
import { normaliseAddress, UpstreamUnavailableError } from '../account/index.js'
import { type Db, isUniqueViolation } from '../db/index.js'
import { UpstreamError, type Upstreams } from '../gateway/index.js'
import { ChainRpc } from '../indexer/index.js'
import { nameConflict, nameForbidden, nameLimited, nameNotFound, nameRefused } from './errors.js'
import type { NameStanding } from './standing.js'
import { type NameRow, names } from './tables.js'

const DAY_SECONDS = 86_400

/**
 * A name as ENS apps resolve it: ENSIP-15's normalisation (viem's `normalize`) of the trimmed, lower-cased name;
 * a name it refuses is refused with the characters rule.
 */
function ensNormalised(name: string): string {
  const lowered = normaliseName(name)
  try {
    return normalize(lowered)
  } catch {
    // The rule's own text where the name breaks it (xn--…), else the characters rule.
    throw nameRefused(labelProblem(lowered.split('.')[0] ?? '') ?? NAME_TEXTS.characters)
  }
}

/** The label of `name` in `zone`, ENSIP-15-normalised; the rule's refusal otherwise. */
function labelOf(name: string, zone: string): string {
  const parsed = labelInZone(ensNormalised(name), zone)
  if ('problem' in parsed) throw nameRefused(parsed.problem)
  return parsed.label
}

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
 * re-register its name with new attributes (a newer message), which renews it for NAME_TTL_SECONDS; an expired name
 * resolves no more and is free again. Against squatting: a new name needs standing (a pass, or a wallet of a
 * sign-in here: NameStanding), new names a day per client address and in all are capped, and short labels
 * reserved. State lives in the database only.
 */
export class NameService {
  /** The clock of the message window and the expiries; tests may replace it. */
  now: () => number = Date.now
  /** New names a day per client address and in all; tests may raise them. */
  limits = { perClient: NAME_REGISTRATIONS_PER_CLIENT_PER_DAY, perDay: NAME_REGISTRATIONS_PER_DAY }

  constructor(
    private readonly db: Db,
    private readonly upstreams: Upstreams,
    readonly zone: string,
    private readonly standing: NameStanding,
  ) {}

  private nowSeconds(): number {
    return Math.floor(this.now() / 1000)
  }

  /** Registrations that still hold. */
  private live() {
    return gt(names.expiresAt, this.nowSeconds())
  }

  /** The row of a full, normalised name, while it holds. */
  async find(name: string): Promise<NameRow | undefined> {
    const [row] = await this.db
      .select()
      .from(names)
      .where(and(eq(names.name, name), this.live()))
    return row
  }

  /** The name `address` holds in this zone (its primary name for reverse resolution). */
  async nameOf(address: string): Promise<NameRow | undefined> {
    const [row] = await this.db
      .select()
      .from(names)
      .where(and(eq(names.zone, this.zone), eq(names.address, normaliseAddress(address)), this.live()))
    return row
  }

  /** What an app shows for `address` (`/v1/identity`): its name in this zone and that name's avatar. */
  async identityOf(address: string): Promise<Identity> {
    const row = await this.nameOf(address)
    return { name: row?.name ?? null, avatar: row?.attributes.avatar ?? null }
  }

  /** The entry of a full name, or of a bare label in this zone. */
  async lookup(name: string): Promise<NameEntry> {
    const normalised = ensNormalised(name)
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
      .where(and(eq(names.address, normaliseAddress(address)), this.live()))
      .orderBy(asc(names.registeredAt), asc(names.name))
    return rows.map(entryOf)
  }

  /** The name asked for (registered or not, docs/behaviour.md#names), then free alternatives that keep the rule. */
  async suggestions(name: string, zone?: string): Promise<NameSuggestions> {
    if (zone !== undefined && normaliseName(zone) !== this.zone) throw nameRefused(nameTexts.zone(this.zone))
    const label = labelOf(name, this.zone)
    const full = (label: string) => `${label}.${this.zone}`
    const wanted = full(label)
    const alternatives = alternativesOf(label).map(full)
    const taken = new Set(
      (
        await this.db
          .select({ name: names.name })
          .from(names)
          .where(and(inArray(names.name, [wanted, ...alternatives]), this.live()))
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
   * attributes (renewed for NAME_TTL_SECONDS). A new name needs a label longer than NAME_RESERVED_MAX_LENGTH, an
   * address with standing (403 otherwise) and room in the day's caps (per `client` address, and in all): 429 past
   * them.
   */
  async register(request: NameRegistration, client: string): Promise<{ entry: NameEntry; created: boolean }> {
    const chainId = chainIdOfCoinType(request.coin_type)
    if (chainId === undefined) throw nameRefused(NAME_TEXTS.invalidChainId)
    if (!this.upstreams.has(chainId)) throw nameRefused(nameTexts.chain(request.coin_type))
    const message = parseMessage(request.message)
    const attributes = nameAttributesSchema.safeParse(message.attributes)
    if (!attributes.success) throw nameRefused(NAME_TEXTS.attributes)
    const name = ensNormalised(message.name)
    const label = labelOf(name, this.zone)
    if (name !== `${label}.${this.zone}`) throw nameRefused(nameTexts.zone(this.zone))
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
        .set({
          attributes: attributes.data,
          updatedAt: now,
          signedAt: message.timestamp,
          expiresAt: now + NAME_TTL_SECONDS,
        })
        .where(and(eq(names.name, name), lt(names.signedAt, message.timestamp)))
        .returning()
      if (!updated) throw nameRefused(NAME_TEXTS.messageStale)
      return { entry: entryOf(updated), created: false }
    }
    const held = await this.nameOf(address)
    if (held) throw nameConflict(nameTexts.addressHasName(held.name))
    if (label.length <= NAME_RESERVED_MAX_LENGTH) throw nameRefused(NAME_TEXTS.reserved)
    if (!(await this.standing.allows(address))) throw nameForbidden(NAME_TEXTS.standing)
    await this.withinDailyCaps(client, now)
    // An expired registration of this name, or of this address in the zone, is free again.
    await this.db
      .delete(names)
      .where(
        and(
          lte(names.expiresAt, now),
          or(
            eq(names.name, name),
            and(eq(names.zone, this.zone), eq(names.address, normaliseAddress(address))),
          ),
        ),
      )
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
          expiresAt: now + NAME_TTL_SECONDS,
          client,
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

  /** 429 when `client`, or all clients together, registered the day's new names already. */
  private async withinDailyCaps(client: string, now: number): Promise<void> {
    const since = gt(names.registeredAt, now - DAY_SECONDS)
    const [mine] = await this.db
      .select({ n: count() })
      .from(names)
      .where(and(eq(names.client, client), since))
    if ((mine?.n ?? 0) >= this.limits.perClient) throw nameLimited(NAME_TEXTS.clientLimit)
    const [all] = await this.db.select({ n: count() }).from(names).where(since)
    if ((all?.n ?? 0) >= this.limits.perDay) throw nameLimited(NAME_TEXTS.dailyLimit)
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
