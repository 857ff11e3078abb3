import { describe, expect, it } from 'vitest'
import { CatalogueError, parseCatalogue } from './schema.js'
import { seedWallets } from './seed.js'

/** A listing of the real catalogue: every field set and valid. */
const validListing = (() => {
  const metamask = seedWallets().find((wallet) => wallet.id === 'metamask')
  if (!metamask) throw new Error('the seed catalogue lists MetaMask')
  return metamask
})()

function messageOf(run: () => unknown): string {
  try {
    run()
  } catch (error) {
    expect(error).toBeInstanceOf(CatalogueError)
    return (error as CatalogueError).message
  }
  throw new Error('expected parseCatalogue to throw')
}

describe('parseCatalogue', () => {
  it('returns the listings of a valid catalogue', () => {
    const second = {
      ...validListing,
      id: 'rainbow',
      name: 'Rainbow',
      image_id: 'rainbow',
      rdns: 'me.rainbow',
    }
    expect(parseCatalogue([validListing, second]).map((listing) => listing.id)).toEqual([
      'metamask',
      'rainbow',
    ])
  })

  it('rejects something that is not a list', () => {
    expect(messageOf(() => parseCatalogue({ wallets: [] }))).toMatch(/\(root\): .*array/i)
  })

  it.each([
    ['rdns', { rdns: 'MetaMask' }, /\[0\]\.rdns: must be a reverse-DNS name/],
    ['chains', { chains: ['ethereum'] }, /\[0\]\.chains\[0\]: must be a CAIP-2 chain id/],
    ['chains', { chains: [] }, /\[0\]\.chains: /],
    ['homepage', { homepage: 'http://metamask.io' }, /\[0\]\.homepage: must be an https URL/],
    ['id', { id: 'Meta Mask' }, /\[0\]\.id: must be a lowercase slug/],
    ['badge_type', { badge_type: 'gold' }, /\[0\]\.badge_type: /],
    ['order', { order: 0 }, /\[0\]\.order: /],
    ['mobile_link', { mobile_link: 'metamask' }, /\[0\]\.mobile_link: must be a URL with a scheme/],
    ['injected', { injected: [{ namespace: 'eip155' }] }, /\[0\]\.injected\[0\]\.injected_id: /],
  ])('names the field %s', (_, override, expected) => {
    expect(messageOf(() => parseCatalogue([{ ...validListing, ...override }]))).toMatch(expected)
  })

  it('names a missing field', () => {
    const { supports_wc: _, ...withoutSupportsWc } = validListing
    expect(messageOf(() => parseCatalogue([withoutSupportsWc]))).toMatch(/\[0\]\.supports_wc: /)
  })

  it('rejects unknown fields so that typos do not pass silently', () => {
    expect(messageOf(() => parseCatalogue([{ ...validListing, homepgae: 'https://x.example' }]))).toMatch(
      /\[0\]: .*homepgae/,
    )
  })

  it('rejects a duplicate id and a duplicate rdns, pointing at the second entry', () => {
    const sameId = { ...validListing, rdns: 'io.metamask.flask' }
    expect(messageOf(() => parseCatalogue([validListing, sameId]))).toContain(
      '[1].id: duplicate id "metamask" (first used at entry 0)',
    )
    const sameRdns = { ...validListing, id: 'flask', image_id: 'flask' }
    expect(messageOf(() => parseCatalogue([validListing, sameRdns]))).toContain(
      '[1].rdns: duplicate rdns "io.metamask" (first used at entry 0)',
    )
  })

  it('allows many listings without rdns', () => {
    const withoutRdns = (id: string) => ({ ...validListing, id, image_id: id, rdns: null, injected: null })
    expect(parseCatalogue([withoutRdns('a'), withoutRdns('b')])).toHaveLength(2)
  })

  it('lists every problem, one per line', () => {
    const message = messageOf(() => parseCatalogue([{ ...validListing, rdns: 'x', order: -1 }]))
    expect(message.split('\n').filter((line) => line.startsWith('  - '))).toHaveLength(2)
  })
})
