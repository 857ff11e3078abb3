import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { alice } from '../../../../testing/devnet'
import { renderAccountView } from '../../../../testing/renderAccountView'
import { AccountHeader } from './AccountHeader'

// The behaviour these tests check: docs/behaviour.md#account.

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {})
})
afterEach(() => {
  vi.restoreAllMocks()
})

describe('Account: the header', () => {
  it('the short address, the balance, the network button, the explorer link and the wallet', () => {
    const html = renderAccountView(<AccountHeader />, {
      account: {
        balance: '1.234 ETH',
        addressExplorerUrl: `https://explorer.test/address/${alice}`,
        connectedWalletInfo: { name: 'Testkit Wallet', icon: 'data:,' },
      },
    })
    expect(html).toContain('0xf39F…2266')
    expect(html).toContain('<span class="sr-only">Balance: </span>1.234 ETH')
    expect(html).toContain('aria-label="Network: Local devnet. Switch network"')
    expect(html).toContain(`href="https://explorer.test/address/${alice}"`)
    expect(html).toContain('Connected with <!-- -->Testkit Wallet')
    // One button, named "Connected with Testkit Wallet. Switch wallet", into the Wallets view.
    expect(html).toMatch(
      /<button type="button" class="account-wallet muted">.*<span>Connected with <!-- -->Testkit Wallet<!-- -->. <span class="account-wallet-switch">Switch wallet<\/span><\/span><\/button>/,
    )
  })

  it('the switcher without a wallet to name (an e-mail or social login): "Switch wallet" alone', () => {
    const html = renderAccountView(<AccountHeader />)
    expect(html).toContain('<button type="button" class="account-wallet muted">Switch wallet</button>')
    expect(html).not.toContain('Connected with')
  })

  it('the profile name and image when the account has a name; no explorer link without an explorer', () => {
    const html = renderAccountView(<AccountHeader />, {
      account: { profileName: 'alice.test', profileImage: 'http://cloud.test/avatar.png' },
    })
    expect(html).toContain('>alice.test</span>')
    expect(html).toContain('<img class="avatar" src="http://cloud.test/avatar.png"')
    expect(html).not.toContain('Block explorer')
  })
})
