import { encodeAbiParameters } from 'viem'
import { describe, expect, it } from 'vitest'
import {
  decodeTransfers,
  type RawLog,
  TRANSFER_BATCH_TOPIC,
  TRANSFER_SINGLE_TOPIC,
  TRANSFER_TOPIC,
} from './events.js'

const TOKEN = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const A = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8'
const B = '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc'
const topic = (address: string) => `0x${address.slice(2).padStart(64, '0')}`
const uint = (n: bigint) => `0x${n.toString(16).padStart(64, '0')}`
const log = (topics: string[], data = '0x'): RawLog => ({
  address: TOKEN,
  topics,
  data,
  blockNumber: '0x1',
  blockHash: `0x${'1'.repeat(64)}`,
  transactionHash: `0x${'2'.repeat(64)}`,
  logIndex: '0x3',
})

describe('decodeTransfers', () => {
  it('tells ERC-20 from ERC-721 Transfer by shape', () => {
    expect(decodeTransfers(log([TRANSFER_TOPIC, topic(A), topic(B)], uint(10n ** 30n)))).toEqual([
      {
        standard: 'erc20',
        token: TOKEN.toLowerCase(),
        logIndex: 3,
        batchIndex: 0,
        tokenId: null,
        from: A,
        to: B,
        amount: (10n ** 30n).toString(),
      },
    ])
    expect(decodeTransfers(log([TRANSFER_TOPIC, topic(A), topic(B), uint(7n)]))).toMatchObject([
      { standard: 'erc721', tokenId: '7', amount: '1', from: A, to: B },
    ])
  })

  it('reads ERC-1155 TransferSingle and every entry of TransferBatch', () => {
    const operator = topic(A)
    expect(
      decodeTransfers(
        log([TRANSFER_SINGLE_TOPIC, operator, topic(A), topic(B)], `${uint(5n)}${uint(2n).slice(2)}`),
      ),
    ).toMatchObject([{ standard: 'erc1155', tokenId: '5', amount: '2' }])
    const data = encodeAbiParameters(
      [{ type: 'uint256[]' }, { type: 'uint256[]' }],
      [
        [1n, 2n],
        [10n, 20n],
      ],
    )
    expect(decodeTransfers(log([TRANSFER_BATCH_TOPIC, operator, topic(A), topic(B)], data))).toMatchObject([
      { tokenId: '1', amount: '10', batchIndex: 0 },
      { tokenId: '2', amount: '20', batchIndex: 1 },
    ])
  })

  it('records nothing for a log of another shape', () => {
    for (const bad of [
      log([TRANSFER_TOPIC, topic(A)], uint(1n)),
      log([TRANSFER_TOPIC, topic(A), topic(B)], '0x1234'),
      log([TRANSFER_TOPIC, topic(A), topic(B), uint(1n)], uint(1n)),
      log([TRANSFER_TOPIC, uint(2n ** 200n), topic(B)], uint(1n)),
      log([TRANSFER_SINGLE_TOPIC, topic(A), topic(A), topic(B)], uint(1n)),
      log([TRANSFER_BATCH_TOPIC, topic(A), topic(A), topic(B)], `0x${'ff'.repeat(96)}`),
      log(
        [TRANSFER_BATCH_TOPIC, topic(A), topic(A), topic(B)],
        encodeAbiParameters([{ type: 'uint256[]' }, { type: 'uint256[]' }], [[1n], [1n, 2n]]),
      ),
      log([], '0x'),
    ])
      expect(decodeTransfers(bad)).toEqual([])
  })
})
