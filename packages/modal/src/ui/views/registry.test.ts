import { describe, expect, it } from 'vitest'
import type { Modal } from '../../core/createModal'
import { VIEW_REGISTRY, viewFor } from './registry'

const modalWith = (viewPlaceholders: boolean) =>
  ({ options: { features: { viewPlaceholders } } }) as unknown as Modal

describe('§2 Modal views: every view name routes somewhere sensible', () => {
  it('a built view renders itself', () => {
    expect(viewFor(modalWith(false), { view: 'Account' })).toBe(VIEW_REGISTRY.Account)
  })

  it('a view not built yet shows Connect in the product, never a broken screen', () => {
    const shown = viewFor(modalWith(false), { view: 'EmailLogin' })
    expect(shown.title(modalWith(false), { view: 'EmailLogin' })).toBe('Connect Wallet')
  })

  it('behind the viewPlaceholders feature it shows a placeholder naming the view', () => {
    const shown = viewFor(modalWith(true), { view: 'EmailLogin' })
    expect(shown.title(modalWith(true), { view: 'EmailLogin' })).toBe('EmailLogin')
    expect(shown).not.toBe(VIEW_REGISTRY.Connect)
  })
})
