import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { alice } from '../../../../testing/devnet'
import { accountTestNetwork, renderAccountView } from '../../../../testing/renderAccountView'
import { testChainNetwork } from '../../../../testing/testChainAdapter'
import { ReceiveView } from './ReceiveView'

// The behaviour these tests check: docs/behaviour.md#receive.

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {})
})
afterEach(() => {
  vi.restoreAllMocks()
})

describe('Receive', () => {
  it("shows the address as a named QR code and as text, Copy, and its family's networks", () => {
    // A Solana network beside it: an EVM address doesn't work there.
    const html = renderAccountView(<ReceiveView />, { networks: [accountTestNetwork, testChainNetwork] })
    expect(html).toContain('<figure class="wc-qr" aria-label="QR code of your address"><svg')
    expect(html).toContain(`<p class="receive-address">${alice}</p>`)
    expect(html).toContain('Copy address')
    expect(html).toContain(
      '<ul class="list receive-networks" aria-label="Networks"><li>Local devnet</li></ul>',
    )
  })
})
