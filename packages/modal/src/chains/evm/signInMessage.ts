import { getAddress } from 'viem'
import { createSiweMessage } from 'viem/siwe'
import type { SiwxMessageData } from '../../api/siwxAdapter'

const date = (value: string | undefined) => (value ? new Date(value) : undefined)

/** The text the wallet signs: EIP-4361 for an EVM account (CAIP-122's eip155 profile). */
export function formatSiwxMessage(data: SiwxMessageData): string {
  const [, reference] = data.chainId.split(':')
  const issuedAt = date(data.issuedAt)
  const expirationTime = date(data.expirationTime)
  const notBefore = date(data.notBefore)
  return createSiweMessage({
    address: getAddress(data.accountAddress),
    chainId: Number(reference),
    domain: data.domain,
    uri: data.uri,
    version: '1',
    nonce: data.nonce,
    ...(data.statement ? { statement: data.statement } : {}),
    ...(data.resources?.length ? { resources: [...data.resources] } : {}),
    ...(data.requestId ? { requestId: data.requestId } : {}),
    ...(issuedAt ? { issuedAt } : {}),
    ...(expirationTime ? { expirationTime } : {}),
    ...(notBefore ? { notBefore } : {}),
  })
}
