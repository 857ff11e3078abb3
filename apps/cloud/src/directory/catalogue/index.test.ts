import { describe, expect, it } from 'vitest'
import * as catalogue from './index.js'

describe('catalogue entry point', () => {
  it('exports the catalogue API', () => {
    expect(Object.keys(catalogue).sort()).toEqual([
      'CatalogueError',
      'generateWalletFixture',
      'monogramSvg',
      'parseCatalogue',
      'seedWallets',
      'walletIcon',
    ])
    expect(catalogue.seedWallets().length).toBeGreaterThanOrEqual(60)
  })
})
