import type { NameEntry, NameRegistration, NameSuggestions } from '@allaccess/protocol'
import { readNameEntries, readNameEntry, readNameSuggestions } from './answers'
import { CloudHttpError } from './errors'
import { NameError } from './nameErrors'

export type NamesClientOptions = {
  /** The cloud client's request: refusals as CloudHttpError, no answer as CloudUnreachableError. */
  getJson(path: string, params?: Record<string, string | undefined>, init?: RequestInit): Promise<unknown>
}

const profile = (...parts: string[]) => `/v1/profile/${parts.map(encodeURIComponent).join('/')}`

/**
 * The cloud's name service (docs/behaviour.md#names): look a name up, an address's names, suggestions as the
 * visitor types, and registration with a signed message. The cloud client loads this module on first use.
 */
export function createNamesClient({ getJson }: NamesClientOptions) {
  const client = {
    /** A name's entry; undefined when nobody has registered it. */
    async lookup(name: string): Promise<NameEntry | undefined> {
      try {
        return readNameEntry(await getJson(profile('account', name)))
      } catch (error) {
        if (error instanceof CloudHttpError && error.status === 404) return undefined
        throw error
      }
    },
    /**
     * The address `name` points at under the first of `coinTypes` it has (a family's `nameCoinTypes(network)`);
     * 'Error resolving name' (or the cloud's reason) when it points nowhere.
     */
    async resolve(name: string, coinTypes: readonly number[]): Promise<string> {
      let entry: NameEntry | undefined
      try {
        entry = await client.lookup(name)
      } catch (error) {
        throw new NameError('resolving', {
          cause: error,
          text: error instanceof CloudHttpError ? error.reasons[0] : undefined,
        })
      }
      const address = coinTypes
        .map((coinType) => entry?.addresses[String(coinType)])
        .find((found) => found !== undefined)
      if (!address) throw new NameError('resolving')
      return address.address
    },
    /** The names that point at `address` (empty when none). */
    async reverse(address: string): Promise<NameEntry[]> {
      return readNameEntries(await getJson(profile('reverse', address)))
    },
    /** The name asked for first (taken or not), then free alternatives; `zone` defaults to the cloud's. */
    async suggestions(name: string, zone?: string): Promise<NameSuggestions['suggestions']> {
      return readNameSuggestions(await getJson(profile('suggestions', name), { zone })).suggestions
    },
    /** Registers the signed name; the cloud verifies the signature and refuses names taken. */
    async register(registration: NameRegistration): Promise<NameEntry> {
      return readNameEntry(
        await getJson('/v1/profile/account', {}, { method: 'POST', body: JSON.stringify(registration) }),
      )
    },
  }
  return client
}

export type NamesClient = ReturnType<typeof createNamesClient>
