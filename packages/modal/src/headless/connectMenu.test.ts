import { describe, expect, it, vi } from 'vitest'
import { createCloudClient } from '../api/createCloudClient'
import { emailFeature } from '../features/email/emailFeature'
import { alice } from '../testing/devnet'
import { mockModal } from '../testing/mockModal'
import { createConnectMenu, walletSectionRows } from './connectMenu'

// The behaviour these tests check: docs/behaviour.md#wallet-picker and #connecting, through a menu of one's own.

describe('createConnectMenu', () => {
  it('is not ready until the features are in; then lists the methods and the wallets by section, one snapshot per change', async () => {
    const { modal } = mockModal({}, { modules: [emailFeature] })
    const menu = createConnectMenu(modal)
    expect(menu.getState()).toMatchObject({ ready: false, methods: [], wallets: [] })
    let changes = 0
    const release = menu.subscribe(() => changes++)
    await menu.load()
    const state = menu.getState()
    expect(changes).toBeGreaterThan(0)
    // No installed wallet (the mock is an external connector): e-mail first; social is not among the modules.
    expect(state).toMatchObject({
      ready: true,
      methods: ['email', 'wallet'],
      locked: false,
      collapsed: false,
    })
    expect(state.sections).toEqual([
      { section: 'external', wallets: [expect.objectContaining({ name: 'Mock Connector' })] },
    ])
    expect(menu.getState()).toBe(state)
    release()
  })

  it('says the cloud is unreachable when it gives no answer at all, and the directory unavailable', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const down = createCloudClient({
      baseUrl: 'http://127.0.0.1:9',
      projectId: 'test',
      fetch: () => Promise.reject(new TypeError('Failed to fetch')),
    })
    const { modal } = mockModal({}, { modules: [emailFeature], api: down })
    const menu = createConnectMenu(modal)
    expect(menu.getState().cloudUnreachable).toBe(false)
    await menu.load()
    await vi.waitFor(() =>
      expect(menu.getState()).toMatchObject({ directoryUnavailable: true, cloudUnreachable: true }),
    )
    expect(menu.getState().methods).toEqual(['email', 'wallet'])
    modal.destroy()
    warn.mockRestore()
  })

  it('a pick connects the wallet, as the Connect view does', async () => {
    const { modal } = mockModal()
    const menu = createConnectMenu(modal)
    await menu.load()
    const [wallet] = menu.getState().wallets
    if (!wallet) throw new Error('no wallet listed')
    await menu.select(wallet)
    expect(modal.getAccount()).toMatchObject({ status: 'connected', address: alice })
    expect(menu.getState().connecting).toBeUndefined()
  })

  it("a refusal leaves the pick on show with 'Connection rejected'", async () => {
    const { modal } = mockModal({ connectError: true })
    const menu = createConnectMenu(modal)
    await menu.load()
    const [wallet] = menu.getState().wallets
    if (!wallet) throw new Error('no wallet listed')
    await menu.select(wallet)
    expect(menu.getState().connecting).toEqual({ connectorId: 'mock', error: 'Connection rejected' })
    expect(modal.getAccount().address).toBeUndefined()
  })

  it('the legal checkbox holds every pick back until the visitor accepts', async () => {
    const { modal } = mockModal(
      {},
      { features: { legalCheckbox: true }, termsConditionsUrl: 'https://t.test' },
    )
    const menu = createConnectMenu(modal)
    await menu.load()
    expect(menu.getState()).toMatchObject({
      locked: true,
      legal: { terms: 'https://t.test', privacy: undefined },
    })
    const [wallet] = menu.getState().wallets
    if (!wallet) throw new Error('no wallet listed')
    await menu.select(wallet)
    expect(modal.getAccount().address).toBeUndefined()
    menu.accept(true)
    expect(menu.getState().locked).toBe(false)
    await menu.select(wallet)
    expect(modal.getAccount().address).toBe(alice)
  })
})

describe('walletSectionRows', () => {
  it('groups the rows by section in the order they come', () => {
    const row = (section: 'recent' | 'injected', name: string) => ({
      key: `${section}:${name}`,
      section,
      name,
      installed: false,
    })
    expect(walletSectionRows([row('recent', 'a'), row('injected', 'b'), row('injected', 'c')])).toEqual([
      { section: 'recent', wallets: [row('recent', 'a')] },
      { section: 'injected', wallets: [row('injected', 'b'), row('injected', 'c')] },
    ])
  })
})
