import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import { describe, expect, it, vi } from 'vitest'
import { accountFeature } from '../features/account/accountFeature'
import type { FeatureChunk, FeatureModule } from '../kernel/feature'
import { currentEntry } from '../kernel/router'
import { greetingFeature } from '../testing/greetingFeature/greetingFeature'
import { mockModal } from '../testing/mockModal'
import { viewFor } from '../ui/shell/registry'
import type { FeatureContext } from './featureContext'
import { email, farcaster, names, onramp, siwx, social, swaps } from './modules'

describe('feature modules (docs/behaviour.md#features)', () => {
  it('a feature adds its controller, view and CSS as one chunk, loaded on first use, not with the modal', async () => {
    const load = vi.fn(greetingFeature.load)
    const { modal } = mockModal({}, { modules: [{ ...greetingFeature, load }] })
    expect(load).not.toHaveBeenCalled()
    expect(modal.featureViews()).toBeUndefined()

    modal.open()
    expect(modal.getState().loading).toBe(true)
    await modal.loadFeatures()
    expect(modal.getState().loading).toBe(false)
    expect(load).toHaveBeenCalledOnce()

    modal.feature(greetingFeature).greet('Ada')
    const entry = currentEntry(modal.getState().router)
    expect(entry).toEqual({ view: 'Greeting', data: { name: 'Ada' } })
    const loaded = modal.featureViews()
    expect(loaded?.css).toContain('.greeting { font-weight: 600; }')
    const { title, Component } = viewFor(entry, { placeholders: false, featureViews: loaded?.views })
    expect(title(modal, entry)).toBe('Greeting')
    expect(renderToString(createElement(Component, { entry }))).toContain('Hello, Ada')
  })

  it("destroying the modal releases what each loaded feature's controller holds", async () => {
    const destroy = vi.fn()
    const holder: FeatureModule<{ destroy(): void }, FeatureContext> = {
      id: 'holder',
      load: async () => ({ create: () => ({ destroy }) }),
    }
    const { modal } = mockModal({}, { modules: [holder] })
    await modal.loadFeatures()
    expect(destroy).not.toHaveBeenCalled()
    modal.destroy()
    expect(destroy).toHaveBeenCalledOnce()
  })

  it('two features with one id are refused when the modal is made', () => {
    const twin = greetingFeature as FeatureModule<unknown, FeatureContext>
    expect(() => mockModal({}, { modules: [twin, twin] })).toThrow("Two features are named 'greeting'")
  })

  it('every optional feature is a call; one that needs another names it, and a modal without it refuses to start', () => {
    const modules = [email(), social(), farcaster(), names(), swaps(), onramp(), siwx()]
    expect(modules.map((module) => module.id)).toEqual([
      'email',
      'social',
      'farcaster',
      'names',
      'swaps',
      'onramp',
      'siwx',
    ])
    expect(farcaster().requires?.map((module) => module.id)).toEqual(['social'])
    expect(() => mockModal({}, { modules })).not.toThrow()
    expect(() => mockModal({}, { modules: [farcaster()] })).toThrow(
      "The feature 'farcaster' requires 'social': add it to the modal's modules",
    )
  })

  it('slots are typed like routes: a filler of the wrong kind does not compile', () => {
    const panel = () => null
    const fills: FeatureChunk<unknown, unknown> = {
      create: () => ({}),
      // @ts-expect-error Account's feature buttons are WalletFeatureButtons, not components
      slots: { 'account:wallet': panel, 'account:features': panel },
    }
    expect(Object.keys(fills.slots ?? {})).toEqual(['account:wallet', 'account:features'])
  })

  it('refreshAccount reads the account again through the account feature once loaded, and loads nothing before', async () => {
    const load = vi.fn(greetingFeature.load)
    const { modal } = mockModal({}, { modules: [{ ...greetingFeature, load }] })
    await modal.refreshAccount()
    expect(load).not.toHaveBeenCalled()
    expect(modal.featureViews()).toBeUndefined()

    await modal.loadFeatures()
    const refresh = vi.spyOn(modal.feature(accountFeature), 'refresh').mockResolvedValue()
    await modal.refreshAccount()
    expect(refresh).toHaveBeenCalledOnce()
  })
})
