import { walletCatalogueEntrySchema } from '@allaccess/protocol'
import { describe, expect, it } from 'vitest'
import { seedWallets } from './seed.js'

describe('seedWallets', () => {
  const wallets = seedWallets()

  it('holds at least 60 valid listings', () => {
    expect(wallets.length).toBeGreaterThanOrEqual(60)
    for (const wallet of wallets) expect(walletCatalogueEntrySchema.parse(wallet)).toEqual(wallet)
  })

  it('has unique ids, names and orders, and unique rdns where set', () => {
    const unique = (values: unknown[]) => new Set(values).size === values.length
    expect(unique(wallets.map((wallet) => wallet.id))).toBe(true)
    expect(unique(wallets.map((wallet) => wallet.name.toLowerCase()))).toBe(true)
    expect(unique(wallets.map((wallet) => wallet.order))).toBe(true)
    const rdnsValues = wallets.flatMap((wallet) => (wallet.rdns === null ? [] : [wallet.rdns]))
    expect(rdnsValues.length).toBeGreaterThan(20)
    expect(unique(rdnsValues)).toBe(true)
  })

  it('uses the id as image id', () => {
    for (const wallet of wallets) expect(wallet.image_id).toBe(wallet.id)
  })

  it('comes in featured order, the best known first with orders 1 to 20', () => {
    expect(wallets.map((wallet) => wallet.order)).toEqual(
      [...wallets.map((wallet) => wallet.order)].sort((a, b) => a - b),
    )
    const featured = wallets.filter((wallet) => wallet.order <= 20)
    expect(featured).toHaveLength(20)
    expect(featured.map((wallet) => wallet.id)).toEqual(
      expect.arrayContaining(['metamask', 'trust', 'coinbase', 'rainbow', 'phantom', 'rabby', 'okx']),
    )
    expect(wallets[0]?.id).toBe('metamask')
  })

  it('keeps the well-known EIP-6963 identifiers', () => {
    const rdnsById = new Map(wallets.map((wallet) => [wallet.id, wallet.rdns]))
    expect(rdnsById.get('metamask')).toBe('io.metamask')
    expect(rdnsById.get('coinbase')).toBe('com.coinbase.wallet')
    expect(rdnsById.get('rainbow')).toBe('me.rainbow')
    expect(rdnsById.get('phantom')).toBe('app.phantom')
    expect(rdnsById.get('rabby')).toBe('io.rabby')
    expect(rdnsById.get('brave')).toBe('com.brave.wallet')
  })

  it('points nowhere but https for store and web links', () => {
    for (const wallet of wallets) {
      for (const link of [
        wallet.homepage,
        wallet.webapp_link,
        wallet.app_store,
        wallet.play_store,
        wallet.chrome_store,
      ]) {
        if (link !== null) expect(link).toMatch(/^https:\/\//)
      }
    }
  })

  it('hands out copies, so a caller cannot change the seed', () => {
    const first = seedWallets()
    first[0]?.chains.push('eip155:31337')
    expect(seedWallets()[0]?.chains).not.toContain('eip155:31337')
  })
})
