import type { HistoryItem } from '@allaccess/protocol'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { alice } from '../../../../testing/devnet'
import { renderAccountView } from '../../../../testing/renderAccountView'
import { emptyPage } from '../../accountState'
import { ActivityTab } from './ActivityTab'

// The behaviour these tests check: docs/behaviour.md#activity.

const OTHER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const item = (hash: string, status: 'confirmed' | 'failed', minedAt: Date): HistoryItem => ({
  id: hash,
  metadata: {
    operationType: 'send',
    hash,
    chain: 'eip155:31337',
    minedAt: minedAt.toISOString(),
    sentFrom: alice,
    sentTo: OTHER,
    status,
    nonce: 0,
  },
  transfers: [
    {
      direction: 'out',
      quantity: { numeric: '5' },
      sender: alice,
      recipient: OTHER,
      fungible_info: { symbol: 'tUSD' },
    },
  ],
})

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {})
})
afterEach(() => {
  vi.restoreAllMocks()
})

describe('Activity', () => {
  it('groups by day; each line has direction, amount, counterparty (a name when known), status and its link', () => {
    const today = new Date()
    const lastYear = new Date(today.getFullYear() - 1, 0, 15, 12)
    const html = renderAccountView(<ActivityTab />, {
      account: {
        activity: {
          ...emptyPage(),
          status: 'ready',
          items: [item('0x1', 'confirmed', today), item('0x2', 'failed', lastYear)],
        },
        addressLabels: { [OTHER.toLowerCase()]: 'bob.test' },
      },
    })
    expect(html).toContain('<section aria-label="Today">')
    expect(html).toContain(`<section aria-label="15 January ${lastYear.getFullYear()}">`)
    expect(html).toContain('Sent<!-- --> <!-- -->5 tUSD')
    expect(html).toContain('to bob.test · ')
    expect(html).toContain('<span class="error">Failed</span>')
    expect(html).toContain('href="https://explorer.test/tx/0x1"')
    // Every row has its time.
    const time = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit' }).format(today)
    expect(html).toContain(`<time dateTime="${today.toISOString()}">${time}</time>`)
  })

  it('says so when there is nothing, and waits with a spinner while loading', () => {
    expect(
      renderAccountView(<ActivityTab />, { account: { activity: { ...emptyPage(), status: 'ready' } } }),
    ).toContain('No activity yet')
    expect(renderAccountView(<ActivityTab />)).toContain('Loading activity')
  })

  it('a failed read says Activity is unavailable (never "No activity yet" beside the failure), with Try again', () => {
    const html = renderAccountView(<ActivityTab />, {
      account: { activity: { ...emptyPage(), status: 'failed' } },
    })
    expect(html).toContain('Activity is unavailable: the account service can’t be reached')
    expect(html).not.toContain('No activity yet')
    expect(html).toContain('Try again')
  })

  it("on a family the cloud keeps no history of (Solana), says Activity is EVM's, where the list would be", () => {
    const html = renderAccountView(<ActivityTab />, { account: { historyKept: false } })
    expect(html).toContain('Activity is shown on EVM networks only')
    expect(html).not.toContain('Loading activity')
  })
})
