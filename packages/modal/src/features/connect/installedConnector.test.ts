import type { WalletListing } from '@allaccess/protocol'
import { describe, expect, it } from 'vitest'
import type { Connector } from '../../chains/types'
import { installedConnector } from './installedConnector'

const connector = (id: string, rdns?: string): Connector => ({
  id,
  type: 'INJECTED',
  name: id,
  chain: 'eip155',
  ...(rdns ? { info: { rdns } } : {}),
})
const wallet = (rdns: string | null) => ({ id: 'w', name: 'W', rdns }) as WalletListing

describe('All Wallets: an installed directory wallet', () => {
  const connectors = [connector('injected'), connector('io.metamask', 'io.metamask')]

  it('is the announced connector with the same rdns, in any letter case', () => {
    expect(installedConnector(connectors, wallet('io.metamask'))?.id).toBe('io.metamask')
    expect(installedConnector(connectors, wallet('IO.MetaMask'))?.id).toBe('io.metamask')
  })

  it('is absent for a wallet without rdns or one the browser did not announce', () => {
    expect(installedConnector(connectors, wallet(null))).toBeUndefined()
    expect(installedConnector(connectors, wallet('me.rainbow'))).toBeUndefined()
  })
})
