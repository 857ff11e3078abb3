import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { alice } from '../../../../testing/devnet'
import { renderAccountView } from '../../../../testing/renderAccountView'
import { ReceiveView } from './ReceiveView'

// The behaviour these tests check: docs/behaviour.md#receive.

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {})
})
afterEach(() => {
  vi.restoreAllMocks()
})

describe('Receive', () => {
  it('shows the address as a named QR code and as text, Copy, and the networks', () => {
    const html = renderAccountView(<ReceiveView />)
    expect(html).toContain('<figure class="wc-qr" aria-label="QR code of your address"><svg')
    expect(html).toContain(`<p class="receive-address">${alice}</p>`)
    expect(html).toContain('Copy address')
    expect(html).toContain(
      '<ul class="list receive-networks" aria-label="Networks"><li>Local devnet</li></ul>',
    )
  })
})
