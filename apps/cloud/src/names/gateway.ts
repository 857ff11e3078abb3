import { ETH_COIN_TYPE, EVM_COIN_TYPE_FLAG, NAME_TEXTS } from '@allaccess/protocol'
import {
  type Address,
  decodeFunctionData,
  encodeAbiParameters,
  encodePacked,
  type Hex,
  hexToBytes,
  keccak256,
  namehash,
  parseAbi,
  serializeSignature,
  zeroAddress,
} from 'viem'
import { sign } from 'viem/accounts'
import { nameRefused } from './errors.js'
import type { NameService } from './service.js'

/** How long a signed answer counts (name lookups are cached 5 min, docs/behaviour.md#names). */
export const CCIP_ANSWER_TTL_SECONDS = 300

/** ENSIP-10 `resolve`, as the resolver sends it to the gateway, and the record functions it may carry. */
const extendedResolverAbi = parseAbi(['function resolve(bytes name, bytes data) view returns (bytes)'])
const recordAbi = parseAbi([
  'function addr(bytes32 node) view returns (address)',
  'function addr(bytes32 node, uint256 coinType) view returns (bytes)',
  'function text(bytes32 node, string key) view returns (string)',
  'function name(bytes32 node) view returns (string)',
])

/** ENSIP-19 reverse names: "<address>.addr.reverse" (coin type 60), ".default.reverse", ".<coin type hex>.reverse". */
const REVERSE_NAME = /^([0-9a-f]{40})\.(addr|default|[0-9a-f]{1,8})\.reverse$/

/** A DNS-encoded name (RFC 1035 wire format, as ENSIP-10 passes it) as dotted text; undefined when malformed. */
export function dnsDecode(packet: Hex): string | undefined {
  const bytes = hexToBytes(packet)
  const labels: string[] = []
  let offset = 0
  while (offset < bytes.length) {
    const length = bytes[offset] as number
    if (length === 0) return offset === bytes.length - 1 && labels.length > 0 ? labels.join('.') : undefined
    const label = new TextDecoder('utf-8', { fatal: false }).decode(
      bytes.slice(offset + 1, offset + 1 + length),
    )
    if (offset + 1 + length >= bytes.length || label.includes('.') || !/^[\x21-\x7e]+$/.test(label))
      return undefined
    labels.push(label)
    offset += 1 + length
  }
  return undefined
}

/**
 * The CCIP-Read gateway (ERC-3668) of the zone's OffchainNameResolver: answers `resolve(name, data)` for
 * addr(node), addr(node, coinType), text(node, key) and, for reverse names, name(node), from the names stored, signed
 * with the configured key over (resolver ‖ expiry ‖ request ‖ result) as OffchainNameResolver checks.
 */
export class CcipGateway {
  /** The clock of the expiry; tests may replace it. */
  now: () => number = Date.now

  constructor(
    private readonly names: NameService,
    private readonly signerKey: Hex,
  ) {}

  /** The gateway's `data` for a request `data` from resolver `sender`. */
  async answer(sender: Address, request: Hex): Promise<Hex> {
    const result = await this.result(request)
    const expires = BigInt(Math.floor(this.now() / 1000) + CCIP_ANSWER_TTL_SECONDS)
    const digest = keccak256(
      encodePacked(
        ['bytes2', 'address', 'uint64', 'bytes32', 'bytes32'],
        ['0x1900', sender, expires, keccak256(request), keccak256(result)],
      ),
    )
    const signature = serializeSignature(await sign({ hash: digest, privateKey: this.signerKey }))
    return encodeAbiParameters(
      [{ type: 'bytes' }, { type: 'uint64' }, { type: 'bytes' }],
      [result, expires, signature],
    )
  }

  /** The ABI-encoded answer of the record function inside `request`; empty records for what is not known. */
  private async result(request: Hex): Promise<Hex> {
    const { name, call } = decodeRequest(request)
    const reverse = REVERSE_NAME.exec(name)
    const row = reverse ? undefined : await this.names.find(name)
    switch (call.functionName) {
      case 'addr': {
        if (call.args.length === 1)
          return encodeAbiParameters([{ type: 'address' }], [row ? (row.address as Address) : zeroAddress])
        const [, coinType] = call.args
        // The one EVM address of a name answers for Ethereum's and the default EVM coin type (ENSIP-19) too.
        const answers =
          row !== undefined &&
          [BigInt(ETH_COIN_TYPE), BigInt(EVM_COIN_TYPE_FLAG), BigInt(row.coinType)].includes(coinType)
        return encodeAbiParameters([{ type: 'bytes' }], [answers ? (row.address as Hex) : '0x'])
      }
      case 'text':
        return encodeAbiParameters([{ type: 'string' }], [row?.attributes[call.args[1]] ?? ''])
      case 'name': {
        const primary = reverse?.[1] ? await this.names.nameOf(`0x${reverse[1]}`) : undefined
        return encodeAbiParameters([{ type: 'string' }], [primary?.name ?? ''])
      }
    }
  }
}

/** The name and record call of a gateway request, refused unless the call's node is the name's namehash. */
function decodeRequest(request: Hex) {
  try {
    const outer = decodeFunctionData({ abi: extendedResolverAbi, data: request })
    const name = dnsDecode(outer.args[0])?.toLowerCase()
    const call = decodeFunctionData({ abi: recordAbi, data: outer.args[1] })
    if (name !== undefined && call.args[0] === namehash(name)) return { name, call }
  } catch {}
  throw nameRefused(NAME_TEXTS.ccipRequest)
}
