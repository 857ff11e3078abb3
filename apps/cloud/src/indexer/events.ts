import { decodeAbiParameters, type Hex } from 'viem'
import type { Standard } from './tables.js'

/** keccak256 of the event signatures the indexer follows. */
export const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'
export const TRANSFER_SINGLE_TOPIC = '0xc3d58168c5ae7397731d063d5bbf3d657854427343f4c083240f7aacaa2d0f62'
export const TRANSFER_BATCH_TOPIC = '0x4a39dc06d4c0dbc64b70af90fd698a233a518aa5d07e595d983b8c0526c8f7fb'
export const TRANSFER_TOPICS = [TRANSFER_TOPIC, TRANSFER_SINGLE_TOPIC, TRANSFER_BATCH_TOPIC]

export const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000'

export type RawLog = {
  address: string
  topics: string[]
  data: string
  blockNumber: string
  blockHash: string
  transactionHash: string
  logIndex: string
}

export type DecodedTransfer = {
  standard: Exclude<Standard, 'native'>
  token: string
  logIndex: number
  batchIndex: number
  tokenId: string | null
  from: string
  to: string
  amount: string
}

const WORD = /^0x[0-9a-fA-F]{64}$/
const topicAddress = (topic: string | undefined) =>
  topic && WORD.test(topic) && /^0x0{24}/.test(topic) ? `0x${topic.slice(26).toLowerCase()}` : undefined
const word = (hex: string, index: number) => BigInt(`0x${hex.slice(2 + index * 64, 2 + (index + 1) * 64)}`)

/**
 * The transfers one log records, by the shape of ERC-20 `Transfer` (3 topics, 32 bytes of data), ERC-721
 * `Transfer` (4 topics, no data), ERC-1155 `TransferSingle` and `TransferBatch`. A log of any other shape (a
 * contract emitting the same topic with other fields) records none.
 */
export function decodeTransfers(log: RawLog): DecodedTransfer[] {
  const [topic, ...indexed] = log.topics
  const token = log.address.toLowerCase()
  const logIndex = Number(log.logIndex)
  const data = log.data.toLowerCase()
  const dataWords = data.length >= 2 && (data.length - 2) % 64 === 0 ? (data.length - 2) / 64 : -1
  const base = { token, logIndex, batchIndex: 0 }
  if (topic === TRANSFER_TOPIC) {
    const from = topicAddress(indexed[0])
    const to = topicAddress(indexed[1])
    if (!from || !to) return []
    if (indexed.length === 2 && dataWords === 1)
      return [{ ...base, standard: 'erc20', tokenId: null, from, to, amount: word(data, 0).toString() }]
    if (indexed.length === 3 && dataWords === 0 && indexed[2] && WORD.test(indexed[2]))
      return [{ ...base, standard: 'erc721', tokenId: BigInt(indexed[2]).toString(), from, to, amount: '1' }]
    return []
  }
  if (indexed.length !== 3) return []
  const from = topicAddress(indexed[1])
  const to = topicAddress(indexed[2])
  if (!from || !to) return []
  if (topic === TRANSFER_SINGLE_TOPIC) {
    if (dataWords !== 2) return []
    return [
      {
        ...base,
        standard: 'erc1155',
        tokenId: word(data, 0).toString(),
        from,
        to,
        amount: word(data, 1).toString(),
      },
    ]
  }
  if (topic === TRANSFER_BATCH_TOPIC) {
    try {
      const [ids, values] = decodeAbiParameters([{ type: 'uint256[]' }, { type: 'uint256[]' }], data as Hex)
      if (ids.length !== values.length) return []
      return ids.map((id, batchIndex) => ({
        ...base,
        batchIndex,
        standard: 'erc1155' as const,
        tokenId: id.toString(),
        from,
        to,
        amount: (values[batchIndex] as bigint).toString(),
      }))
    } catch {
      return []
    }
  }
  return []
}
