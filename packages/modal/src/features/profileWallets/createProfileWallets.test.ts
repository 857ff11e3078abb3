import { describe, expect, it, vi } from 'vitest'
import { CONNECTION_ORDER_KEY } from '../../chains/connectionRules'
import { alice } from '../../testing/devnet'
import { carol, walletsModal as setup } from '../../testing/walletsModal'

describe('profile wallets (docs/behaviour.md#profile-wallets)', () => {
  it('lists every connection by namespace, in the order they connected, and keeps that order', async () => {
    const { connectEvm, testChain, names, items } = await setup()
    await connectEvm('b', 'a')
    await testChain.connect('test-wallet')
    await connectEvm('c')
    expect(names()).toEqual([
      ['eip155', ['b', 'a', 'c']],
      ['solana', ['test-wallet']],
    ])
    expect(JSON.parse(items.get(CONNECTION_ORDER_KEY) ?? '')).toEqual([
      'eip155/b',
      'eip155/a',
      'solana/test-wallet',
      'eip155/c',
    ])
  })

  it('another wallet ending leaves the current one current (wagmi alone would make its first one current)', async () => {
    const { modal, wallets, connectEvm, idOf } = await setup()
    await connectEvm('a', 'b', 'c')
    await wallets.disconnect(idOf('a'))
    await vi.waitFor(() => expect(modal.getAccount().connector?.id).toBe('c'))
    expect(modal.getAccount().address).toBe(carol)
  })

  it('the current one ending makes the last connected of the others current', async () => {
    const { modal, wallets, connectEvm, idOf } = await setup()
    await connectEvm('a', 'b', 'c')
    await wallets.disconnect(idOf('c'))
    await vi.waitFor(() => expect(modal.getAccount().connector?.id).toBe('b'))
  })

  it('makes one current without a new login, and its namespace the active one', async () => {
    const { modal, wallets, connectEvm, testChain, idOf, config } = await setup()
    await connectEvm('a', 'b')
    await testChain.connect('test-wallet')
    const login = vi.spyOn(config.connectors[0] as { connect(): Promise<unknown> }, 'connect')
    await wallets.switchTo(idOf('a'))
    expect(modal.getAccount()).toMatchObject({ address: alice, connectionId: idOf('a') })
    expect(login).not.toHaveBeenCalled()
    await wallets.switchTo(idOf('test-wallet'))
    expect(modal.getAccount().connector?.id).toBe('test-wallet')
  })

  it("the active namespace's last wallet ending moves the modal to the one connected last", async () => {
    const { modal, wallets, connectEvm, testChain, idOf } = await setup()
    await connectEvm('a')
    await testChain.connect('test-wallet')
    await wallets.switchTo(idOf('a'))
    await wallets.disconnect(idOf('a'))
    await vi.waitFor(() => expect(modal.getAccount().connector?.id).toBe('test-wallet'))
    expect(modal.getState().open).toBe(false)
  })

  it('a reload lists them in the kept order, whatever order they reconnect in', async () => {
    const items = new Map([[CONNECTION_ORDER_KEY, JSON.stringify(['eip155/a', 'eip155/c', 'eip155/b'])]])
    const { connectEvm, names } = await setup(items)
    await connectEvm('b', 'c', 'a')
    expect(names()).toEqual([['eip155', ['a', 'c', 'b']]])
  })

  it('a broken order in storage is none', async () => {
    const { connectEvm, names } = await setup(new Map([[CONNECTION_ORDER_KEY, '{"not":"a list"}']]))
    await connectEvm('b', 'a')
    expect(names()).toEqual([['eip155', ['b', 'a']]])
  })

  it('disconnects all: the last one as Account does (the modal closes on Connect)', async () => {
    const { modal, wallets, connectEvm, testChain } = await setup()
    await connectEvm('a', 'b')
    await testChain.connect('test-wallet')
    modal.open({ view: 'ProfileWallets' })
    await wallets.disconnectAll()
    expect(modal.getConnections().connections.size).toBe(0)
    expect(wallets.groups()).toEqual([])
    expect(modal.getState().open).toBe(false)
  })

  it('adds another wallet from Connect', async () => {
    const { modal, wallets, connectEvm } = await setup()
    await connectEvm('a')
    modal.open({ view: 'ProfileWallets' })
    wallets.addWallet()
    expect(modal.getState().router.history.at(-1)?.view).toBe('Connect')
  })
})
