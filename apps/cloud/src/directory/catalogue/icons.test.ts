import { describe, expect, it } from 'vitest'
import { generateWalletFixture } from './fixture.js'
import { walletIcon } from './icons.js'
import { monogramSvg } from './monogram.js'
import { packagedWalletSvgs } from './package-icons.js'
import { seedWallets } from './seed.js'
import { xmlWellFormednessProblems } from './well-formed-xml.js'

const wallets = seedWallets()

function bodyText(id: string): string {
  const icon = walletIcon(id)
  if (icon === null) throw new Error(`no icon for ${id}`)
  expect(icon.contentType).toBe('image/svg+xml')
  return icon.body.toString()
}

describe('walletIcon', () => {
  it('resolves a well-formed SVG for every wallet of the catalogue', () => {
    for (const wallet of wallets) {
      const svg = bodyText(wallet.id)
      expect(svg).toMatch(/^<svg[\s>]/)
      expect(xmlWellFormednessProblems(svg), wallet.id).toEqual([])
    }
  })

  it('uses the packaged logo where there is one, a monogram elsewhere', () => {
    expect(bodyText('metamask')).toBe(packagedWalletSvgs.metamask)
    expect(bodyText('metamask')).toContain('class="web3icons"')
    const core = wallets.find((wallet) => wallet.id === 'core')
    expect(core).toBeDefined()
    expect(bodyText('core')).toBe(monogramSvg('Core', 'core'))
  })

  it('has a packaged logo for most of the catalogue and maps only catalogue ids', () => {
    const ids = new Set(wallets.map((wallet) => wallet.id))
    const packagedIds = Object.keys(packagedWalletSvgs)
    expect(packagedIds.filter((id) => !ids.has(id))).toEqual([])
    expect(packagedIds.length).toBeGreaterThanOrEqual(40)
    for (const svg of Object.values(packagedWalletSvgs)) expect(svg.length).toBeGreaterThan(100)
  })

  it('returns null for an id that is not listed', () => {
    expect(walletIcon('no-such-wallet')).toBeNull()
    expect(walletIcon('__proto__')).toBeNull()
  })

  it('draws monograms for listings passed in, such as the synthetic fixture', () => {
    const fixture = generateWalletFixture(3)
    const first = fixture[0]
    if (first === undefined) throw new Error('empty fixture')
    expect(walletIcon(first.id, fixture)?.body).toBe(monogramSvg(first.name, first.id))
    expect(walletIcon('metamask', fixture)).toBeNull()
  })
})
