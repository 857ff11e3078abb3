import {
  type FungiblePrice,
  type HistoryItem,
  type HistoryPage,
  type HistoryTransfer,
  NATIVE_TOKEN_REFERENCE,
  type Nft,
  type NftPage,
  type TokenBalance,
} from '@allaccess/protocol'
import { formatUnits, getAddress } from 'viem'
import type { PublicUrl } from '../config/index.js'
import { monogramSvg } from '../directory/catalogue/index.js'
import { imageFrom, type StoredImage } from '../directory/images.js'
import { caip2, UpstreamError, type Upstreams } from '../gateway/index.js'
import type { IndexerQueries, Token } from '../indexer/index.js'
import { ChainRpc, RpcCallError } from '../indexer/index.js'
import { AnswerCache, BALANCE_CACHE_MS } from './answer-cache.js'
import { UpstreamUnavailableError } from './errors.js'
import {
  nftName,
  operationType,
  readHistoryCursor,
  readNftCursor,
  writeHistoryCursor,
  writeNftCursor,
} from './history-parts.js'
import { normaliseFungibleId, type Prices } from './prices.js'
import type { AccountSource } from './source.js'

/** Items of one history page and NFTs of one NFT page. */
export const HISTORY_PAGE_SIZE = 20
export const NFT_PAGE_SIZE = 50

/** The coin of chains whose coin is not Ether; the icon is the directory's token image of the symbol. */
const NATIVE_COINS: Readonly<Record<number, { name: string; symbol: string }>> = {
  56: { name: 'BNB', symbol: 'BNB' },
  137: { name: 'POL', symbol: 'POL' },
}
const ETHER = { name: 'Ether', symbol: 'ETH', decimals: 18 }
const nativeCoin = (chainId: number) => ({ ...ETHER, ...NATIVE_COINS[chainId] })

const BALANCE_OF = '0x70a08231'
const SVG = 'image/svg+xml'

/** `eip155:<chain>:0x<contract>:<token id>`: an NFT's id, as its image URL names it. */
const NFT_ID = /^eip155:([1-9]\d{0,14}):(0x[0-9a-fA-F]{40}):(\d{1,80})$/
const FUNGIBLE = /^eip155:([1-9]\d{0,14}):(0x[0-9a-fA-F]{40}|native)$/i

export type IndexedSourceOptions = {
  queries: IndexerQueries
  upstreams: Upstreams
  prices: Prices
  publicUrl: PublicUrl
}

/**
 * The account service over the cloud's own indexer: history and NFTs from the indexed transfers, balances read
 * live from the chain (the coin, and each ERC-20 the account ever moved or the prices file names), prices from
 * the prices file. Served chains are those with an upstream.
 */
export function indexedAccountSource({
  queries,
  upstreams,
  prices,
  publicUrl,
}: IndexedSourceOptions): AccountSource {
  const chainsOf = (chainId: number | undefined) => (chainId === undefined ? upstreams.chains() : [chainId])
  const cache = new AnswerCache({ read: () => queries.version(), bumpsHere: () => queries.bumpsHere() })
  const tokenIconUrl = (id: string) => publicUrl.http(`/public/getTokenImage/${id}`)
  const coinIconUrl = (chainId: number) => tokenIconUrl(nativeCoin(chainId).symbol)
  const nftImageUrl = (chainId: number, contract: string, tokenId: string) =>
    publicUrl.http(`/public/getNftImage/${caip2(chainId)}:${getAddress(contract)}:${tokenId}`)
  const fungibleId = (chainId: number, token: string) =>
    `${caip2(chainId)}:${token ? getAddress(token) : NATIVE_TOKEN_REFERENCE}`
  const valued = (id: string, numeric: string) => {
    const price = prices.price(id)
    return price === undefined ? { price: 0 } : { price, value: Number(numeric) * price }
  }

  async function chainBalances(chainId: number, account: string): Promise<TokenBalance[]> {
    const tokens = (await queries.balanceTokens(account, chainId, prices.tokens(chainId))).filter(
      // docs/behaviour.md#balances: zero-decimal entries are dropped as low quality; unread or unreadable decimals
      // cannot be shown.
      (token): token is Token & { decimals: number } =>
        !token.isSpam && token.decimals !== null && token.decimals > 0,
    )
    const rpc = new ChainRpc(upstreams, chainId)
    let answers: unknown[]
    try {
      answers = await rpc.batch([
        { method: 'eth_getBalance', params: [account, 'latest'] },
        ...tokens.map((token) => ({
          method: 'eth_call',
          params: [
            { to: token.address, data: `${BALANCE_OF}${account.slice(2).padStart(64, '0')}` },
            'latest',
          ],
        })),
      ])
    } catch (error) {
      if (error instanceof UpstreamError) throw new UpstreamUnavailableError(caip2(chainId), error.message)
      throw error
    }
    const [coinAnswer, ...tokenAnswers] = answers
    if (typeof coinAnswer !== 'string')
      throw new UpstreamUnavailableError(caip2(chainId), 'answered no balance')
    const coin = nativeCoin(chainId)
    const coinNumeric = formatUnits(BigInt(coinAnswer), coin.decimals)
    const balances: TokenBalance[] = [
      {
        name: coin.name,
        symbol: coin.symbol,
        chainId: caip2(chainId),
        ...valued(fungibleId(chainId, ''), coinNumeric),
        quantity: { decimals: String(coin.decimals), numeric: coinNumeric },
        iconUrl: coinIconUrl(chainId),
      },
    ]
    tokens.forEach((token, index) => {
      const answer = tokenAnswers[index]
      // A token whose balanceOf reverts or answers garbage is left out, not guessed.
      if (answer instanceof RpcCallError || typeof answer !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(answer))
        return
      const amount = BigInt(answer)
      if (amount === 0n) return
      const id = fungibleId(chainId, token.address)
      const numeric = formatUnits(amount, token.decimals)
      balances.push({
        name: token.name ?? token.symbol ?? shortAddress(token.address),
        symbol: token.symbol ?? '',
        chainId: caip2(chainId),
        address: id,
        ...valued(id, numeric),
        quantity: { decimals: String(token.decimals), numeric },
        iconUrl: tokenIconUrl(id),
      })
    })
    return balances
  }

  function historyItem(
    account: string,
    tx: Awaited<ReturnType<IndexerQueries['history']>>['transactions'][number],
  ): HistoryItem {
    const chain = caip2(tx.chainId)
    const transfers = tx.transfers.map((transfer): HistoryTransfer => {
      const direction = transfer.from === account ? (transfer.to === account ? 'self' : 'out') : 'in'
      const common = {
        direction,
        sender: getAddress(transfer.from),
        recipient: getAddress(transfer.to),
      } as const
      const token = transfer.metadata
      if (transfer.standard === 'native' || transfer.standard === 'erc20') {
        const coin = nativeCoin(tx.chainId)
        const native = transfer.standard === 'native'
        const numeric = formatUnits(BigInt(transfer.amount), native ? coin.decimals : (token.decimals ?? 0))
        const id = fungibleId(tx.chainId, transfer.token)
        const price = prices.price(id)
        return {
          ...common,
          fungible_info: {
            name: native ? coin.name : (token.name ?? shortAddress(transfer.token)),
            symbol: native ? coin.symbol : (token.symbol ?? ''),
            icon: { url: native ? coinIconUrl(tx.chainId) : tokenIconUrl(id) },
          },
          quantity: { numeric },
          ...(price === undefined ? {} : { price, value: Number(numeric) * price }),
        }
      }
      const tokenId = transfer.tokenId ?? '0'
      const image = { url: nftImageUrl(tx.chainId, transfer.token, tokenId) }
      return {
        ...common,
        nft_info: {
          name: nftName(token.nftName, token, tokenId),
          content: { preview: image, detail: image },
          flags: { is_spam: token.isSpam },
        },
        quantity: { numeric: transfer.amount },
      }
    })
    return {
      id: `${chain}:${tx.hash}`,
      metadata: {
        operationType: operationType(tx.transfers, account),
        hash: tx.hash,
        chain,
        minedAt: new Date(tx.minedAt * 1000).toISOString(),
        sentFrom: getAddress(tx.from),
        sentTo: tx.to ? getAddress(tx.to) : '',
        status: tx.failed ? 'failed' : 'confirmed',
        nonce: tx.nonce,
      },
      transfers,
    }
  }

  function nftOf(held: Awaited<ReturnType<IndexerQueries['nftsOf']>>['nfts'][number]): Nft {
    const contract = getAddress(held.contract)
    return {
      id: `${caip2(held.chainId)}:${contract}:${held.tokenId}`,
      chainId: caip2(held.chainId),
      contract,
      tokenId: held.tokenId,
      standard: held.standard === 'erc721' ? 'ERC721' : 'ERC1155',
      amount: held.amount,
      name: nftName(held.name, held.collection, held.tokenId),
      description: held.description,
      collection: {
        name: held.collection.name ?? shortAddress(held.contract),
        symbol: held.collection.symbol,
      },
      imageUrl: nftImageUrl(held.chainId, held.contract, held.tokenId),
    }
  }

  return {
    chains: () => upstreams.chains(),

    async history({ chainId, address, cursor }): Promise<HistoryPage> {
      const account = normaliseAddress(address)
      const chains = chainsOf(chainId)
      const after = readHistoryCursor(cursor)
      return cache.get(`history:${account}:${chains}:${cursor ?? ''}`, Number.POSITIVE_INFINITY, async () => {
        const rows = await queries.history(account, chains, after, HISTORY_PAGE_SIZE)
        return {
          data: rows.transactions.map((tx) => historyItem(account, tx)),
          next: rows.next ? writeHistoryCursor(rows.next) : null,
        }
      })
    },

    async balances({ chainId, address, forceUpdate }): Promise<TokenBalance[]> {
      const account = normaliseAddress(address)
      const chains = chainsOf(chainId)
      return cache.get(`balances:${account}:${chains}`, forceUpdate ? -1 : BALANCE_CACHE_MS, async () => {
        const lists = await Promise.all(chains.map((id) => chainBalances(id, account)))
        return lists.flat().sort((a, b) => (b.value ?? 0) - (a.value ?? 0) || a.name.localeCompare(b.name))
      })
    },

    async nfts({ chainId, address, cursor }): Promise<NftPage> {
      const account = normaliseAddress(address)
      const chains = chainsOf(chainId)
      const after = readNftCursor(cursor)
      return cache.get(`nfts:${account}:${chains}:${cursor ?? ''}`, Number.POSITIVE_INFINITY, async () => {
        const page = await queries.nftsOf(account, chains, after, NFT_PAGE_SIZE)
        return { data: page.nfts.map(nftOf), next: page.next ? writeNftCursor(page.next) : null }
      })
    },

    async prices(ids): Promise<FungiblePrice[]> {
      const served = new Set(upstreams.chains())
      const wanted = ids.flatMap((id) => {
        const [, chain, reference] = FUNGIBLE.exec(id) ?? []
        const chainId = Number(chain)
        const price = prices.price(id)
        return served.has(chainId) && reference && price !== undefined
          ? [{ id, chainId, reference, price }]
          : []
      })
      const tokens = await queries.tokens(
        wanted
          .filter((w) => w.reference !== NATIVE_TOKEN_REFERENCE)
          .map((w) => ({ chainId: w.chainId, address: w.reference.toLowerCase() })),
      )
      const byId = new Map(
        tokens.map((token) => [normaliseFungibleId(fungibleId(token.chainId, token.address)), token]),
      )
      return wanted.flatMap(({ id, chainId, reference, price }) => {
        if (reference === NATIVE_TOKEN_REFERENCE) {
          const coin = nativeCoin(chainId)
          return [{ address: id, name: coin.name, symbol: coin.symbol, iconUrl: coinIconUrl(chainId), price }]
        }
        const token = byId.get(normaliseFungibleId(id))
        if (!token) return []
        const canonical = fungibleId(chainId, token.address)
        return [
          {
            address: id,
            name: token.name ?? shortAddress(token.address),
            symbol: token.symbol ?? '',
            iconUrl: tokenIconUrl(canonical),
            price,
          },
        ]
      })
    },

    async tokenIcon(id): Promise<StoredImage | undefined> {
      const [, chain, reference] = FUNGIBLE.exec(id) ?? []
      if (!chain || !reference || reference === NATIVE_TOKEN_REFERENCE) return undefined
      const [token] = await queries.tokens([{ chainId: Number(chain), address: reference.toLowerCase() }])
      // Always the token's own monogram, never a known brand's logo: a token may call itself USDC.
      return token
        ? imageFrom('token', id, SVG, monogramSvg(token.symbol ?? token.name ?? '?', id))
        : undefined
    },

    async nftImage(id): Promise<StoredImage | undefined> {
      const [, chain, contract, tokenId] = NFT_ID.exec(id) ?? []
      if (!chain || !contract || !tokenId) return undefined
      const key = { chainId: Number(chain), contract: contract.toLowerCase(), tokenId }
      const image = await queries.nftImage(key.chainId, key.contract, key.tokenId)
      if (image) return imageFrom('token', id, image.type, image.body)
      const [nft] = await queries.nftInfo([key])
      if (!nft) return undefined
      const [collection] = await queries.tokens([{ chainId: key.chainId, address: key.contract }])
      return imageFrom('token', id, SVG, monogramSvg(nft.name ?? collection?.name ?? 'NFT', id))
    },
  }
}

/**
 * The path's address as the indexer stores it: lowercase, 0x-prefixed (docs/behaviour.md#chains admits it without
 * 0x).
 */
export const normaliseAddress = (address: string): `0x${string}` =>
  `0x${address.replace(/^0x/i, '').toLowerCase()}`

const shortAddress = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`
