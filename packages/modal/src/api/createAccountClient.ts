import type {
  Currency,
  FungiblePrice,
  HistoryPage,
  Identity,
  NftPage,
  TokenBalance,
} from '@allaccess/protocol'
import { readBalances, readFungiblePrices, readHistoryPage, readIdentity, readNftPage } from './answers'

export type AccountClientOptions = {
  /** The cloud's address of a path with project id, sdk type and version (the cloud client's). */
  url(path: string, params?: Record<string, string | undefined>): string
  /** The cloud client's request: refusals as CloudHttpError, no answer as CloudUnreachableError. */
  getJson(path: string, params?: Record<string, string | undefined>, init?: RequestInit): Promise<unknown>
}

const CURRENCY: Currency = 'usd'

/**
 * The blockchain data service's account calls (docs/behaviour.md#cloud): the cloud client loads this module on
 * the first account call, so the page does not pay for it. Image addresses the cloud answers relative to itself
 * are made absolute, so the modal's shadow root shows them from the cloud's origin.
 */
export function createAccountClient({ url, getJson }: AccountClientOptions) {
  const account = (address: string, part: string) => `/v1/account/${encodeURIComponent(address)}/${part}`
  const absolute = (image: string) => (image.startsWith('/') ? url(image) : image)

  return {
    /** Token balances with their USD value, the native coin first as the cloud lists it. */
    async balances(
      address: string,
      { chainId, forceUpdate }: { chainId: string; forceUpdate?: boolean },
    ): Promise<TokenBalance[]> {
      const params = { currency: CURRENCY, chainId, forceUpdate: forceUpdate ? 'true' : undefined }
      const entries = readBalances(await getJson(account(address, 'balance'), params))
      return entries.map((entry) => ({ ...entry, iconUrl: absolute(entry.iconUrl) }))
    },
    /** One page of history, newest first; `next` is the cursor of the following one. */
    async history(
      address: string,
      { chainId, cursor }: { chainId: string; cursor?: string },
    ): Promise<HistoryPage> {
      return readHistoryPage(await getJson(account(address, 'history'), { chainId, cursor }))
    },
    async nfts(address: string, { chainId, cursor }: { chainId: string; cursor?: string }): Promise<NftPage> {
      const page = readNftPage(await getJson(account(address, 'nfts'), { chainId, cursor }))
      return { ...page, data: page.data.map((nft) => ({ ...nft, imageUrl: absolute(nft.imageUrl) })) }
    },
    /** The name and avatar of an address (both null until names exist). */
    async identity(address: string, sender?: string): Promise<Identity> {
      return readIdentity(await getJson(`/v1/identity/${encodeURIComponent(address)}`, { sender }))
    },
    /** USD prices of fungibles (`eip155:N:0x…` or `eip155:N:native`); those the cloud can't price are left out. */
    async prices(addresses: string[]): Promise<FungiblePrice[]> {
      const body = JSON.stringify({ currency: CURRENCY, addresses })
      // text/plain: a simple request, so the browser sends it without a CORS pre-flight.
      return readFungiblePrices(await getJson('/v1/fungible/price', {}, { method: 'POST', body })).map(
        (price) => ({ ...price, iconUrl: absolute(price.iconUrl) }),
      )
    },
  }
}

export type AccountClient = ReturnType<typeof createAccountClient>
