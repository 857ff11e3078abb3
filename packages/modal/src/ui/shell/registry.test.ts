import { describe, expect, it } from 'vitest'
import type { Modal } from '../../app/modal'
import type { RouteEntry } from '../../kernel/routes'
import { VIEW_REGISTRY, viewFor } from './registry'

const modal = {} as Modal
/** A view of the product's catalogue that this release doesn't build. */
const notBuilt = { view: 'EmailLogin' } as unknown as RouteEntry

describe('Modal views: every view name routes somewhere sensible (docs/behaviour.md#views)', () => {
  it('a built view renders itself', () => {
    expect(viewFor({ view: 'Connect' }, { placeholders: false })).toBe(VIEW_REGISTRY.Connect)
  })

  it('a view not built yet shows Connect in the product, never a broken screen', () => {
    const shown = viewFor(notBuilt, { placeholders: false })
    expect(shown.title(modal, notBuilt)).toBe('Connect Wallet')
  })

  it('behind the viewPlaceholders feature it shows a placeholder naming the view', () => {
    const shown = viewFor(notBuilt, { placeholders: true })
    expect(shown.title(modal, notBuilt)).toBe('EmailLogin')
    expect(shown).not.toBe(VIEW_REGISTRY.Connect)
  })

  it("a loaded feature's view renders for its route", () => {
    const featureView = { title: () => 'Feature', Component: () => null }
    expect(viewFor(notBuilt, { placeholders: false, featureViews: { EmailLogin: featureView } })).toBe(
      featureView,
    )
  })
})
