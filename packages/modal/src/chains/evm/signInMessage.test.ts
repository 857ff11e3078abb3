import { parseSiweMessage } from 'viem/siwe'
import { describe, expect, it } from 'vitest'
import { formatSiwxMessage } from './signInMessage'

const data = {
  chainId: 'eip155:31337',
  accountAddress: '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266',
  domain: '127.0.0.1:5173',
  uri: 'http://127.0.0.1:5173',
  version: '1',
  nonce: 'a1b2c3d4e5f6a7b8',
  statement: 'Sign in to All-Access Pass',
  resources: ['http://127.0.0.1:5173/holders'],
  requestId: 'request-1',
  issuedAt: '2026-11-26T05:00:00.000Z',
  expirationTime: '2026-11-27T05:00:00.000Z',
  notBefore: '2026-11-26T05:00:00.000Z',
} as const

describe('formatSiwxMessage', () => {
  it('writes every field of the message as EIP-4361 text, the address checksummed', () => {
    const text = formatSiwxMessage(data)
    expect(text.split('\n').slice(0, 4)).toEqual([
      '127.0.0.1:5173 wants you to sign in with your Ethereum account:',
      '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
      '',
      'Sign in to All-Access Pass',
    ])
    expect(parseSiweMessage(text)).toMatchObject({
      address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
      chainId: 31337,
      nonce: data.nonce,
      uri: data.uri,
      requestId: data.requestId,
      resources: data.resources,
      expirationTime: new Date(data.expirationTime),
      notBefore: new Date(data.notBefore),
    })
  })
})
