import { isSolanaAddress } from '@allaccess/protocol'
import { getAddress, isAddress } from 'viem'
import { parseSiweMessage } from 'viem/siwe'

/**
 * A signed sign-in text as the cloud checks it, whichever family wrote it: CAIP-122's message in its eip155 profile
 * (EIP-4361, read by viem) or its solana profile (the same fields; "…with your Solana account"). Every field is
 * what the text says; `chainId` is the CAIP-2 id the text names.
 */
export type SignedMessage = {
  namespace: 'eip155' | 'solana'
  /** The account: EIP-55 for EVM, base58 for Solana. */
  address: string
  chainId: string
  domain: string
  uri: string
  /** EIP-4361's optional `scheme://` before the domain (EVM only). */
  scheme: string | undefined
  version: string | undefined
  nonce: string
  statement: string
  requestId: string
  resources: string[]
  issuedAt: Date | undefined
  expirationTime: Date | undefined
  notBefore: Date | undefined
}

const SOLANA_HEAD = / wants you to sign in with your Solana account:$/

/** The signed text's fields; undefined when it is neither family's sign-in message, or lacks a required field. */
export function readSignedMessage(text: string): SignedMessage | undefined {
  const [head] = text.split('\n', 1)
  return head && SOLANA_HEAD.test(head) ? readSolana(text) : readEvm(text)
}

function readEvm(text: string): SignedMessage | undefined {
  const signed = parseSiweMessage(text)
  if (!signed.nonce || !signed.address || !signed.domain || !signed.uri || signed.chainId === undefined)
    return undefined
  if (!isAddress(signed.address)) return undefined
  return {
    namespace: 'eip155',
    address: getAddress(signed.address),
    chainId: `eip155:${signed.chainId}`,
    domain: signed.domain,
    uri: signed.uri,
    scheme: signed.scheme,
    version: signed.version,
    nonce: signed.nonce,
    statement: signed.statement ?? '',
    requestId: signed.requestId ?? '',
    resources: signed.resources ?? [],
    issuedAt: signed.issuedAt,
    expirationTime: signed.expirationTime,
    notBefore: signed.notBefore,
  }
}

/** The fields of the Solana text, in the order CAIP-122 writes them (the modal's chains/solana/signInMessage.ts). */
const FIELDS = {
  URI: 'uri',
  Version: 'version',
  'Chain ID': 'chain',
  Nonce: 'nonce',
  'Issued At': 'issuedAt',
  'Expiration Time': 'expirationTime',
  'Not Before': 'notBefore',
  'Request ID': 'requestId',
} as const

const date = (value: string | undefined) => {
  if (value === undefined) return undefined
  const time = new Date(value)
  return Number.isNaN(time.getTime()) ? undefined : time
}

function readSolana(text: string): SignedMessage | undefined {
  const lines = text.split('\n')
  const domain = lines[0]?.replace(SOLANA_HEAD, '')
  const address = lines[1]
  if (!domain || !address || !isSolanaAddress(address) || lines[2] !== '') return undefined
  // An optional statement, then a blank line, then the fields.
  let index = 3
  let statement = ''
  if (lines[index] !== undefined && !lines[index]?.startsWith('URI: ')) {
    statement = lines[index] ?? ''
    index += 2
    if (lines[index - 1] !== '') return undefined
  }
  const fields: Partial<Record<(typeof FIELDS)[keyof typeof FIELDS], string>> = {}
  const resources: string[] = []
  for (; index < lines.length; index++) {
    const line = lines[index] ?? ''
    if (line === 'Resources:') {
      for (const resource of lines.slice(index + 1)) {
        if (!resource.startsWith('- ')) return undefined
        resources.push(resource.slice(2))
      }
      break
    }
    const separator = line.indexOf(': ')
    const name = FIELDS[line.slice(0, separator) as keyof typeof FIELDS]
    if (separator < 0 || !name || fields[name] !== undefined) return undefined
    fields[name] = line.slice(separator + 2)
  }
  if (!fields.uri || !fields.nonce || !fields.chain) return undefined
  return {
    namespace: 'solana',
    address,
    chainId: `solana:${fields.chain}`,
    domain,
    uri: fields.uri,
    scheme: undefined,
    version: fields.version,
    nonce: fields.nonce,
    statement,
    requestId: fields.requestId ?? '',
    resources,
    issuedAt: date(fields.issuedAt),
    expirationTime: date(fields.expirationTime),
    notBefore: date(fields.notBefore),
  }
}
