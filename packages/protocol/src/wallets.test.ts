import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import {
  caip2ChainIdSchema,
  walletCatalogueEntrySchema,
  walletListingSchema,
  walletPageSchema,
} from './wallets'

const entry = {
  id: 'metamask',
  name: 'MetaMask',
  homepage: 'https://metamask.io',
  image_id: 'metamask',
  mobile_link: 'metamask://',
  desktop_link: null,
  webapp_link: null,
  app_store: 'https://apps.apple.com/app/id1438144202',
  play_store: null,
  chrome_store: null,
  rdns: 'io.metamask',
  chains: ['eip155:1', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'],
  injected: [{ namespace: 'eip155', injected_id: 'isMetaMask' }],
  badge_type: 'certified',
  supports_wc: true,
  order: 1,
}
const listing = {
  ...entry,
  image_url: 'http://127.0.0.1:8787/getWalletImage/metamask',
  installed: false,
  display_index: 0,
}

const problems = (schema: z.ZodMiniType, value: unknown) =>
  schema.safeParse(value).error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) ?? []

describe('walletCatalogueEntrySchema', () => {
  it('accepts a complete entry, with an https universal link too', () => {
    expect(walletCatalogueEntrySchema.parse(entry)).toEqual(entry)
    expect(
      problems(walletCatalogueEntrySchema, { ...entry, mobile_link: 'https://metamask.app.link' }),
    ).toEqual([])
  })

  it('refuses an unknown field: in a catalogue it is a typo', () => {
    expect(problems(walletCatalogueEntrySchema, { ...entry, homepgae: 'https://x.example' })).toHaveLength(1)
  })

  it.each([
    [{ rdns: 'MetaMask' }, 'rdns: must be a reverse-DNS name like io.metamask'],
    [{ chains: ['ethereum'] }, 'chains.0: must be a CAIP-2 chain id like eip155:1'],
    [{ homepage: 'http://metamask.io' }, 'homepage: must be an https URL'],
    [{ id: 'Meta Mask' }, 'id: must be a lowercase slug of letters, digits and single hyphens'],
    [{ mobile_link: 'metamask' }, 'mobile_link: must be a URL with a scheme, like metamask:// or https://…'],
  ])('names the field and the rule: %j', (override, problem) => {
    expect(problems(walletCatalogueEntrySchema, { ...entry, ...override })).toEqual([problem])
  })

  it.each([
    { chains: [] },
    { injected: [] },
    { badge_type: 'gold' },
    { order: 0 },
    { order: 1.5 },
    { name: '   ' },
    { name: 'x'.repeat(81) },
  ])('refuses %j', (override) => {
    expect(problems(walletCatalogueEntrySchema, { ...entry, ...override })).toHaveLength(1)
  })

  it('trims the name', () => {
    expect(walletCatalogueEntrySchema.parse({ ...entry, name: '  MetaMask ' }).name).toBe('MetaMask')
  })
})

describe('walletListingSchema (one entry of a /getWallets answer)', () => {
  it('carries the docs/behaviour.md#cloud fields installed and display_index, and the image URL', () => {
    expect(walletListingSchema.parse(listing)).toEqual(listing)
    for (const field of ['installed', 'display_index', 'image_url'] as const) {
      const { [field]: _, ...without } = listing
      expect(problems(walletListingSchema, without), field).toHaveLength(1)
    }
    expect(problems(walletListingSchema, { ...listing, display_index: -1 })).toHaveLength(1)
  })

  it('drops fields a newer cloud adds instead of refusing the listing', () => {
    expect(walletListingSchema.parse({ ...listing, fresh_field: 1 })).toEqual(listing)
  })
})

describe('walletPageSchema', () => {
  it('is a page of listings and the total count', () => {
    expect(walletPageSchema.parse({ data: [listing], count: 1234 })).toEqual({ data: [listing], count: 1234 })
    expect(problems(walletPageSchema, { data: [listing] })).toHaveLength(1)
    expect(problems(walletPageSchema, { data: [], count: -1 })).toHaveLength(1)
  })

  it('converts to JSON Schema, as the cloud publishes it in its OpenAPI document', () => {
    const json = z.toJSONSchema(walletPageSchema) as unknown as {
      properties: { data: { items: { required: string[] } } }
    }
    expect(json.properties.data.items.required).toEqual(
      expect.arrayContaining(['installed', 'display_index']),
    )
  })
})

describe('caip2ChainIdSchema', () => {
  it('takes any CAIP-2 namespace, as wallet listings may name chains the modal does not support yet', () => {
    expect(caip2ChainIdSchema.parse('near:mainnet')).toBe('near:mainnet')
    expect(caip2ChainIdSchema.safeParse('ethereum').error?.issues[0]?.message).toBe(
      'must be a CAIP-2 chain id like eip155:1',
    )
    expect(caip2ChainIdSchema.safeParse(`eip155:${'1'.repeat(33)}`).success).toBe(false)
  })
})
