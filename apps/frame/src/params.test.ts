import { describe, expect, it } from 'vitest'
import { ParamsError, readParams } from './params'

const cloudUrl = 'http://127.0.0.1:8787'
const gateway = `${cloudUrl}/v1/?chainId=eip155:31337&projectId=p1`
const query = (entries: Record<string, string>) => `?${new URLSearchParams(entries)}`

describe('readParams', () => {
  it('reads the five parameters of the frame URL', () => {
    expect(
      readParams(
        query({ projectId: 'p1', chainId: '31337', version: '0.1.0', enableLogger: 'true', rpcUrl: gateway }),
        cloudUrl,
      ),
    ).toEqual({ projectId: 'p1', chainId: 31337, version: '0.1.0', enableLogger: true, rpcUrl: gateway })
  })

  it.each([
    ['no project', { chainId: '1', rpcUrl: gateway }],
    ['a chain the frame does not serve', { projectId: 'p1', chainId: '999999', rpcUrl: gateway }],
    ['a chain that is no number', { projectId: 'p1', chainId: 'x', rpcUrl: gateway }],
    ['an RPC on another origin', { projectId: 'p1', chainId: '1', rpcUrl: 'https://rpc.evil.test/' }],
    ['an RPC that is no URL', { projectId: 'p1', chainId: '1', rpcUrl: 'gateway' }],
  ])('refuses %s', (_name, entries) => {
    expect(() => readParams(query(entries), cloudUrl)).toThrow(ParamsError)
  })
})
