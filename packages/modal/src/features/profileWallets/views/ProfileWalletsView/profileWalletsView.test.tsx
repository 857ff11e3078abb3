import { renderToString } from 'react-dom/server'
import { describe, expect, it, vi } from 'vitest'
import { addEmbeddedWalletConnector } from '../../../../chains/evm/addEmbeddedWalletConnector'
import { EMBEDDED_WALLET_ICON } from '../../../../embedded/embeddedWalletIcon'
import { ModalContext } from '../../../../react/context'
import { carol, walletsModal } from '../../../../testing/walletsModal'
import { ProfileWalletsView } from './ProfileWalletsView'

// The behaviour these tests check: docs/behaviour.md#profile-wallets.

describe('the Wallets view', () => {
  it('groups the wallets by namespace, marks the current one, and names each action', async () => {
    const { modal, connectEvm, testChain } = await walletsModal()
    await connectEvm('a', 'b')
    await testChain.connect('test-wallet')
    await modal.switchConnection(
      [...modal.getConnections().connections.values()].find((c) => c.connector?.id === 'b')?.id ?? '',
    )
    const html = render(modal)
    expect(html).toContain('<h3 id="wallets-eip155">EVM</h3>')
    expect(html).toContain('<h3 id="wallets-solana">Solana</h3>')
    expect(html.indexOf('Mock a')).toBeLessThan(html.indexOf('Mock b'))
    expect(html.indexOf('Mock b')).toBeLessThan(html.indexOf('Test Wallet'))
    // b is current: marked, not a button; a and the test wallet switch.
    expect(html).toMatch(
      /aria-current="true">.*Mock b.*<span class="profile-wallet-current-tag">Current<\/span>/,
    )
    expect(html).toContain('<span class="sr-only">Switch to </span>')
    expect(html.match(/Switch to /g)).toHaveLength(2)
    expect(html).toContain('0xf39F…2266')
    expect(html).toContain('aria-label="Disconnect Mock a"')
    expect(html).toContain('aria-label="Disconnect Test Wallet"')
    expect(html).toContain('>Add another wallet</button>')
    expect(html).toContain('>Disconnect all</button>')
  })

  it("shows each wallet's balance once read (the devnet's node is out of reach here: its 0.00 ETH)", async () => {
    const { modal, wallets, connectEvm, testChain } = await walletsModal()
    await connectEvm('a')
    await testChain.connect('test-wallet')
    expect(render(modal)).not.toContain('balance')
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    await wallets.loadDetails()
    warn.mockRestore()
    const html = render(modal)
    expect(html).toMatch(/Mock a.*<span class="sr-only">, balance <\/span>0.00 ETH/)
    // The test family reads no balances: its row shows none.
    expect(html.match(/, balance /g)).toHaveLength(1)
    // A name the cloud has for the account shows above its address.
    const id = [...modal.getConnections().connections.keys()][0] ?? ''
    wallets.details.setState((previous) => ({ ...previous, [id]: { ...previous[id], name: 'alice.aap' } }))
    expect(render(modal)).toMatch(
      /Mock a.*<span class="profile-wallet-name">alice.aap<\/span><span class="profile-wallet-address/,
    )
  })

  it("shows a connection that spans namespaces (MULTI_CHAIN) as one row: each namespace's address, one Disconnect", async () => {
    const { modal, connectEvm, testChain } = await walletsModal()
    await connectEvm('a')
    await testChain.connect('test-wallet')
    testChain.joinTo('test-wallet', { namespace: 'eip155', connectorId: 'a' })
    const html = render(modal)
    expect(html.match(/<li /g)).toHaveLength(1)
    expect(html).toContain('data-connector-type="MULTI_CHAIN"')
    expect(html).not.toContain('<h3 id="wallets-solana">')
    expect(html).toMatch(/EVM: <!-- -->0xf39F…2266.*Solana: <!-- -->7EcD…FLtV/)
    // Current in both namespaces: marked whichever one the modal acts on.
    expect(html).toContain('aria-current="true"')
    expect(html.match(/aria-label="Disconnect /g)).toHaveLength(1)
  })

  it("shows the e-mail wallet's row with its envelope, its name beside it as in every row", async () => {
    const { modal, config, connectEvm } = await walletsModal()
    await connectEvm('a')
    const email = await addEmbeddedWalletConnector(config, {
      frameUrl: 'http://127.0.0.1:1/',
      projectId: 'test',
      rpcUrl: () => 'http://127.0.0.1:1/rpc',
      version: '0.0.0',
    })
    // As the e-mail login leaves it (its frame is out of reach here): connected beside the first.
    config.setState((state) => ({
      ...state,
      connections: new Map(state.connections).set(email.uid, {
        accounts: [carol],
        chainId: state.chainId,
        connector: email,
      }),
    }))
    const html = render(modal)
    const row = html.slice(html.lastIndexOf('<li', html.indexOf('E-mail')), html.indexOf('Disconnect E-mail'))
    expect(row).toContain(`<img class="icon" src="${EMBEDDED_WALLET_ICON}" alt="" width="40" height="40"/>`)
    // Decorative, as every row's icon: the name next to it is what is read out.
    expect(row).toContain('<span>E-mail</span>')
  })
})

function render(modal: Awaited<ReturnType<typeof walletsModal>>['modal']): string {
  return renderToString(
    <ModalContext.Provider value={modal}>
      <ProfileWalletsView />
    </ModalContext.Provider>,
  )
}
