import { describe, expect, it } from 'vitest'
import { KernelError, ModalError } from '../kernel/errors'
import { alice } from '../testing/devnet'
import { mockModal } from '../testing/mockModal'
import { connectWallet } from './connectWallet'

// The behaviour these tests check: docs/behaviour.md#connecting.

describe('connectWallet', () => {
  it('opens the modal on Connect and resolves with the account once the visitor connects', async () => {
    const { modal, view } = mockModal()
    const connected = connectWallet(modal)
    expect(modal.getState().open).toBe(true)
    expect(view()).toBe('Connect')
    await modal.connect('mock')
    await expect(connected).resolves.toMatchObject({ status: 'connected', address: alice, chainId: 31337 })
    expect(modal.getState().open).toBe(false)
  })

  it("'Modal closed': closing the modal before connecting rejects with that text", async () => {
    const { modal } = mockModal()
    const connected = connectWallet(modal)
    modal.close()
    await expect(connected).rejects.toEqual(new KernelError('modalClosed'))
    await expect(connected).rejects.toBeInstanceOf(ModalError)
  })

  it('resolves at once, without opening, when a wallet is already connected', async () => {
    const { modal } = mockModal()
    modal.open()
    await modal.connect('mock')
    await expect(connectWallet(modal)).resolves.toMatchObject({ address: alice })
    expect(modal.getState().open).toBe(false)
  })

  it('a rejected attempt keeps waiting: Try again can still connect', async () => {
    const { modal, config } = mockModal({ connectError: true })
    const connected = connectWallet(modal)
    await modal.connect('mock')
    expect(modal.getState().error).toBe('Connection rejected')
    // The wallet then connects on its own (an injected wallet's connect event): the promise still settles.
    config.connectors[0]?.emitter.emit('connect', { accounts: [alice], chainId: 31337 })
    await expect(connected).resolves.toMatchObject({ address: alice })
  })
})
