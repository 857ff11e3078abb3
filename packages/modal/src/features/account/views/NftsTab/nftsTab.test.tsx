import { describe, expect, it } from 'vitest'
import { renderAccountView } from '../../../../testing/renderAccountView'
import { emptyPage } from '../../accountState'
import { AccountErrorText } from '../../errors'
import { NftsTab } from './NftsTab'

// The behaviour these tests check: docs/behaviour.md#nfts.

describe('NFTs tab', () => {
  it('pins its text for a family without NFTs', () =>
    expect(AccountErrorText.nftsEvmOnly).toBe('NFTs are shown on EVM networks only'))

  it('on a family the cloud reads no NFTs of (Solana), says so, not that they could not be loaded', () => {
    const html = renderAccountView(<NftsTab />, {
      account: { historyKept: false, nfts: { ...emptyPage(), status: 'failed' } },
    })
    expect(html).toContain('NFTs are shown on EVM networks only')
    expect(html).not.toContain('NFTs could not be loaded')
    expect(html).not.toContain('Loading NFTs')
  })

  it('on EVM a failure still says the NFTs could not be loaded', () => {
    const html = renderAccountView(<NftsTab />, { account: { nfts: { ...emptyPage(), status: 'failed' } } })
    expect(html).toContain('NFTs could not be loaded')
  })
})
