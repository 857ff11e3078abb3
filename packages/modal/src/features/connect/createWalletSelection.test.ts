import { describe, expect, it, vi } from 'vitest'
import { createWalletSelection } from './createWalletSelection'
import type { WalletOption } from './walletSections'

// The behaviour these tests check: docs/behaviour.md#connect.

function selection({ hasDirectory = true, allWallets = true, mobile = false, pairing = true } = {}) {
  const connect = vi.fn(async () => {})
  const navigate = vi.fn()
  const select = createWalletSelection({
    hasDirectory,
    allWalletsEnabled: () => allWallets,
    isMobile: () => mobile,
    pairingConnector: () => (pairing ? { id: 'walletConnect' } : undefined),
    connect,
    navigate,
  })
  return { select, connect, navigate }
}
const option = (fields: Partial<WalletOption>): WalletOption => ({
  key: 'featured:rainbow',
  section: 'featured',
  name: 'Rainbow',
  installed: false,
  ...fields,
})

describe('picking a wallet', () => {
  it('connects a wallet that has a connector here', async () => {
    const { select, connect, navigate } = selection()
    await select.selectWallet(
      option({ section: 'injected', key: 'injected:io.metamask', connectorId: 'metaMask' }),
    )
    expect(connect).toHaveBeenCalledWith('metaMask')
    expect(navigate).not.toHaveBeenCalled()
  })

  it('pairs a directory wallet over WalletConnect, named by its id; without WalletConnect, shows where to get it', async () => {
    const paired = selection()
    await paired.select.selectWallet(option({}))
    expect(paired.connect).toHaveBeenCalledWith('walletConnect', { walletId: 'rainbow' })
    const unpaired = selection({ pairing: false })
    await unpaired.select.selectDirectoryWallet('rainbow')
    expect(unpaired.navigate).toHaveBeenCalledWith({ view: 'AllWallets', data: { walletId: 'rainbow' } })
    expect(unpaired.connect).not.toHaveBeenCalled()
  })

  it("on a phone, WalletConnect's row leads to the wallet apps (All Wallets), not a QR code", async () => {
    const phone = selection({ mobile: true })
    expect(phone.select.walletConnectOpensApps()).toBe(true)
    await phone.select.selectWallet(
      option({ section: 'walletConnect', key: 'walletConnect', connectorId: 'walletConnect' }),
    )
    expect(phone.navigate).toHaveBeenCalledWith({ view: 'AllWallets' })
    expect(phone.connect).not.toHaveBeenCalled()
    // Without the directory there are no apps to list: the QR code it is.
    const bare = selection({ mobile: true, hasDirectory: false })
    expect(bare.select.walletConnectOpensApps()).toBe(false)
    await bare.select.selectWallet(
      option({ section: 'walletConnect', key: 'walletConnect', connectorId: 'walletConnect' }),
    )
    expect(bare.connect).toHaveBeenCalledWith('walletConnect')
  })

  it('offers All Wallets only with the directory and the remote switch on', () => {
    expect(selection().select.showsAllWallets()).toBe(true)
    expect(selection({ hasDirectory: false }).select.showsAllWallets()).toBe(false)
    expect(selection({ allWallets: false }).select.showsAllWallets()).toBe(false)
  })
})
