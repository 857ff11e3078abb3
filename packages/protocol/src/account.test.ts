import { describe, expect, it } from 'vitest'
import type * as z from 'zod/mini'
import {
  balancesSchema,
  evmAddressSchema,
  fungibleIdSchema,
  fungiblePriceRequestSchema,
  historyPageSchema,
  nftPageSchema,
} from './account'
import { FUNGIBLE_PRICE_ADDRESSES_MAX } from './limits'

const problems = (schema: z.ZodMiniType, value: unknown) =>
  schema.safeParse(value).error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) ?? []

const TOKEN = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const ACCOUNT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

describe('account addresses and fungible ids', () => {
  it('an EVM address is 40 hex characters, 0x optional, any case', () => {
    expect(problems(evmAddressSchema, ACCOUNT)).toEqual([])
    expect(problems(evmAddressSchema, ACCOUNT.slice(2).toLowerCase())).toEqual([])
    expect(problems(evmAddressSchema, `${ACCOUNT}0`)).toHaveLength(1)
    expect(problems(evmAddressSchema, 'vitalik.eth')).toHaveLength(1)
  })

  it('a fungible is a CAIP-10 token id or the chain’s native coin', () => {
    expect(problems(fungibleIdSchema, `eip155:31337:${TOKEN}`)).toEqual([])
    expect(problems(fungibleIdSchema, 'eip155:1:native')).toEqual([])
    for (const bad of ['eip155:1', `eip155:1:${TOKEN}:x`, `eip155:0:${TOKEN}`, 'solana:1:native', TOKEN])
      expect(problems(fungibleIdSchema, bad), bad).toHaveLength(1)
  })

  it('a price request asks in a known currency for 1 to FUNGIBLE_PRICE_ADDRESSES_MAX fungibles', () => {
    const ask = (addresses: string[], currency = 'usd') =>
      problems(fungiblePriceRequestSchema, { currency, addresses, projectId: 'p' })
    expect(ask(['eip155:1:native'])).toEqual([])
    expect(ask([])).toHaveLength(1)
    expect(ask(Array(FUNGIBLE_PRICE_ADDRESSES_MAX + 1).fill('eip155:1:native'))).toHaveLength(1)
    expect(ask(['eip155:1:native'], 'doge')).toHaveLength(1)
  })
})

describe('account answers', () => {
  it('a balance names amounts as decimal strings and tokens by CAIP-10 id', () => {
    const balance = {
      name: 'Test USD',
      symbol: 'TUSD',
      chainId: 'eip155:31337',
      address: `eip155:31337:${TOKEN}`,
      price: 1,
      value: 12.5,
      quantity: { decimals: '6', numeric: '12.5' },
      iconUrl: `http://127.0.0.1:8787/public/getTokenImage/eip155:31337:${TOKEN}`,
    }
    expect(balancesSchema.parse({ balances: [balance] })).toEqual({ balances: [balance] })
    expect(
      problems(balancesSchema, { balances: [{ ...balance, quantity: { decimals: '6', numeric: '1e3' } }] }),
    ).toEqual(['balances.0.quantity.numeric: must be a decimal number'])
    expect(problems(balancesSchema, { balances: [{ ...balance, chainId: '31337' }] })).toHaveLength(1)
  })

  it('a history page keeps spam flags and the transfer’s own sender and recipient', () => {
    const page = {
      data: [
        {
          id: 'eip155:31337:0xabc',
          metadata: {
            operationType: 'receive',
            hash: '0xabc',
            chain: 'eip155:31337',
            minedAt: '2026-01-01T00:00:00.000Z',
            sentFrom: ACCOUNT,
            sentTo: TOKEN,
            status: 'confirmed',
            nonce: 3,
          },
          transfers: [
            {
              nft_info: { name: 'Free mint', flags: { is_spam: true } },
              direction: 'in',
              quantity: { numeric: '1' },
              sender: ACCOUNT,
              recipient: ACCOUNT,
            },
          ],
        },
      ],
      next: 'opaque',
    }
    expect(historyPageSchema.parse(page)).toEqual(page)
    const { sender: _, ...withoutSender } = page.data[0]?.transfers[0] ?? {}
    expect(
      problems(historyPageSchema, { ...page, data: [{ ...page.data[0], transfers: [withoutSender] }] }),
    ).toHaveLength(1)
  })

  it('an NFT page lists token ids as decimal strings and a known standard', () => {
    const nft = {
      id: `eip155:31337:${TOKEN}:1`,
      chainId: 'eip155:31337',
      contract: TOKEN,
      tokenId: '1',
      standard: 'ERC721',
      amount: '1',
      name: 'All-Access Pass #1',
      description: null,
      collection: { name: 'All-Access Pass', symbol: 'AAP' },
      imageUrl: `http://127.0.0.1:8787/public/getNftImage/eip155:31337:${TOKEN}:1`,
    }
    expect(nftPageSchema.parse({ data: [nft], next: null })).toEqual({ data: [nft], next: null })
    expect(problems(nftPageSchema, { data: [{ ...nft, standard: 'ERC20' }], next: null })).toHaveLength(1)
    expect(problems(nftPageSchema, { data: [{ ...nft, tokenId: '0x1' }], next: null })).toHaveLength(1)
  })
})
