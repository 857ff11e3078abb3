import type { HistoryItem } from '@allaccess/protocol'
import { describe, expect, it } from 'vitest'
import { describeActivity, formatUsd, groupByDay } from './format'

// The behaviour these tests check: docs/behaviour.md#balance and docs/behaviour.md#activity.

const ME = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const THEM = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'

const item = (
  overrides: Partial<HistoryItem['metadata']>,
  transfer?: Partial<NonNullable<HistoryItem['transfers']>[number]>,
): HistoryItem => ({
  id: overrides.hash ?? '0x1',
  metadata: {
    operationType: 'send',
    hash: '0x1',
    chain: 'eip155:31337',
    minedAt: '2026-11-25T10:00:00.000Z',
    sentFrom: ME,
    sentTo: THEM,
    status: 'confirmed',
    nonce: 0,
    ...overrides,
  },
  transfers: transfer
    ? [
        {
          direction: 'out',
          quantity: { numeric: '5' },
          sender: ME,
          recipient: THEM,
          fungible_info: { symbol: 'TUSD' },
          ...transfer,
        },
      ]
    : null,
})

describe('Balances and activity as the Account view shows them', () => {
  it('shows US dollars with cents', () => {
    expect(formatUsd(1234.5)).toBe('$1,234.50')
  })

  it('says what moved, which way and with whom; a name when one is known', () => {
    expect(describeActivity(item({}, {}), {})).toMatchObject({
      title: 'Sent',
      amount: '5 TUSD',
      counterparty: '0x3C44…93BC',
      preposition: 'to',
      status: 'confirmed',
    })
    const received = item({ operationType: 'receive' }, { direction: 'in', sender: THEM, recipient: ME })
    expect(describeActivity(received, { [THEM.toLowerCase()]: 'bob.test' })).toMatchObject({
      title: 'Received',
      counterparty: 'bob.test',
      preposition: 'from',
    })
    const minted = item(
      { operationType: 'mint' },
      {
        direction: 'in',
        fungible_info: undefined,
        nft_info: { name: 'All-Access Pass #1', flags: { is_spam: false } },
        quantity: { numeric: '1' },
        sender: '0x0000000000000000000000000000000000000000',
        recipient: ME,
      },
    )
    expect(describeActivity(minted, {})).toMatchObject({ title: 'Minted', amount: 'All-Access Pass #1' })
  })

  it('a paid mint is the NFT that came in (name, picture, the minting contract), not the ETH that went out', () => {
    const PASS = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
    const image = { url: 'http://cloud/nft/31337/pass/1' }
    const paidMint: HistoryItem = {
      ...item({ operationType: 'mint', sentTo: PASS }),
      transfers: [
        {
          direction: 'out',
          quantity: { numeric: '0.01' },
          sender: ME,
          recipient: PASS,
          fungible_info: { symbol: 'ETH' },
        },
        {
          direction: 'in',
          nft_info: { name: 'All-Access Pass #1', content: { preview: image }, flags: { is_spam: false } },
          quantity: { numeric: '1' },
          sender: '0x0000000000000000000000000000000000000000',
          recipient: ME,
        },
      ],
    }
    expect(describeActivity(paidMint, {})).toMatchObject({
      title: 'Minted',
      amount: 'All-Access Pass #1',
      imageUrl: image.url,
      counterparty: '0x5FbD…0aa3',
      preposition: 'from',
    })
  })

  it('every line has its local time', () => {
    const minedAt = new Date(2026, 10, 25, 14, 5)
    const line = describeActivity(item({ minedAt: minedAt.toISOString() }, {}), {})
    expect(line.time).toBe('14:05')
    expect(line.minedAt).toEqual(minedAt)
  })

  it('a transfer whose value is not a number counts as zero (the parser makes it "0")', () => {
    expect(describeActivity(item({}, { quantity: { numeric: '0' } }), {}).amount).toBe('0 TUSD')
  })

  it('groups by local day: Today, Yesterday, then the date', () => {
    const now = new Date(2026, 10, 25, 12)
    const at = (date: Date) =>
      describeActivity(item({ minedAt: date.toISOString(), hash: date.toISOString() }, {}), {})
    const groups = groupByDay(
      [
        at(new Date(2026, 10, 25, 9)),
        at(new Date(2026, 10, 25, 1)),
        at(new Date(2026, 10, 24, 23)),
        at(new Date(2026, 9, 3, 8)),
      ],
      now,
    )
    expect(groups.map((group) => [group.label, group.lines.length])).toEqual([
      ['Today', 2],
      ['Yesterday', 1],
      ['3 October 2026', 1],
    ])
  })
})
