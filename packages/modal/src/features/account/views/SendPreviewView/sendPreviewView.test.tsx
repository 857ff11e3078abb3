import type { TokenBalance } from '@allaccess/protocol'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderAccountView } from '../../../../testing/renderAccountView'
import { AccountErrorText } from '../../errors'
import { useSendTitle } from '../useAccount'
import { SendPreviewView } from './SendPreviewView'

function SendTitle() {
  return <>{useSendTitle()}</>
}

// The behaviour these tests check: docs/behaviour.md#send.

const usd = { symbol: 'tUSD', quantity: { decimals: '6', numeric: '10' } } as TokenBalance
const HASH = `0x${'ab'.repeat(32)}`
const form = { token: usd, amount: '5', receiver: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC' }

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {}) // useLayoutEffect warns on the server
})
afterEach(() => {
  vi.restoreAllMocks()
})

describe('Send: the preview and what follows', () => {
  it('shows the transfer and its estimated fee; Send is on once the fee is known', () => {
    const html = renderAccountView(<SendPreviewView />, {
      send: {
        ...form,
        step: 'preview',
        fee: { value: 21_000n * 10n ** 9n, decimals: 18, symbol: 'ETH' },
      },
    })
    expect(html).toContain('<dd>5<!-- --> <!-- -->tUSD</dd>')
    expect(html).toContain('<dt>Estimated network fee</dt><dd>0.000021 ETH</dd>')
    expect(html).toMatch(/<button type="button" class="primary-button">Send<\/button>/)
  })

  it("says 'error estimating gas' and keeps Send off when estimation failed", () => {
    const html = renderAccountView(<SendPreviewView />, {
      send: { ...form, step: 'preview', fee: 'failed', error: AccountErrorText.errorEstimatingGas },
    })
    expect(html).toContain(`role="alert">${AccountErrorText.errorEstimatingGas}</p>`)
    expect(html).toMatch(/<button type="button" class="primary-button" disabled="">Send<\/button>/)
  })

  it('pending shows the hash, linked to the explorer; done says what was sent; a replacement is named', () => {
    const pending = renderAccountView(<SendPreviewView />, { send: { ...form, step: 'pending', hash: HASH } })
    expect(pending).toContain('Transaction pending')
    expect(pending).toContain(`href="https://explorer.test/tx/${HASH}"`)
    const done = renderAccountView(<SendPreviewView />, {
      send: { ...form, step: 'done', hash: HASH, replacement: 'repriced' },
    })
    expect(done).toContain('Sent 5 tUSD')
    expect(done).toContain('The wallet sent it again at another fee.')
    expect(done).toContain('Back to account')
    // The hash shortened (an unbroken one widens the dialog), the whole of it behind Copy.
    expect(done).toContain(`<code title="${HASH}">0xabab…abab</code>`)
    expect(done).toContain('aria-label="Copy transaction hash"')
    expect(done).not.toContain(`>${HASH}<`)
  })

  it('the dialog is titled for the step: Review Send, Sending, then Sent (or Send Failed), never Review Send after', () => {
    const title = (step: 'preview' | 'pending' | 'done' | 'failed') =>
      renderAccountView(<SendTitle />, { send: { ...form, step } })
    expect([title('preview'), title('pending'), title('done'), title('failed')]).toEqual([
      'Review Send',
      'Sending',
      'Sent',
      'Send Failed',
    ])
  })
})
