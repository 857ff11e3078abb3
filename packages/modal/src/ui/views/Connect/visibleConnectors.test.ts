import { describe, expect, it } from 'vitest'
import type { Connector } from '../../../core/types'
import { visibleConnectors } from './visibleConnectors'

const announced: Connector = { id: 'io.metamask', type: 'ANNOUNCED', name: 'MetaMask', chain: 'eip155' }
const browserWallet: Connector = { id: 'injected', type: 'INJECTED', name: 'Browser Wallet', chain: 'eip155' }

describe('§5 Wallet list: a browser-injected wallet named Browser Wallet', () => {
  it('is hidden on desktop', () => {
    expect(visibleConnectors([announced, browserWallet], { isMobile: false })).toEqual([announced])
  })
  it('on mobile is hidden when it has no rdns', () => {
    expect(visibleConnectors([browserWallet], { isMobile: true })).toEqual([])
    const withRdns = { ...browserWallet, info: { rdns: 'com.example' } }
    expect(visibleConnectors([withRdns], { isMobile: true })).toEqual([withRdns])
  })
})
