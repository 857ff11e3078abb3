import { describe, expect, it } from 'vitest'
import { readEnv } from './env'

describe('readEnv', () => {
  it('defaults to the local devnet through the cloud RPC gateway', () => {
    expect(readEnv({})).toMatchObject({
      chainId: 31337,
      chainName: 'Local devnet',
      rpcUrl: 'http://127.0.0.1:8787/v1/?chainId=eip155:31337&projectId=allaccess-local',
      projectId: 'allaccess-local',
      cloudUrl: 'http://127.0.0.1:8787',
    })
  })

  it('takes a public network from configuration', () => {
    const env = readEnv({
      VITE_CHAIN_ID: '11155111',
      VITE_CHAIN_NAME: 'Sepolia',
      VITE_RPC_URL: 'https://rpc.example',
      VITE_PASS_ADDRESS: '0x1111111111111111111111111111111111111111',
    })
    expect(env).toMatchObject({ chainId: 11155111, chainName: 'Sepolia', rpcUrl: 'https://rpc.example' })
  })

  it('rejects a bad chain id or pass address with a clear message', () => {
    expect(() => readEnv({ VITE_CHAIN_ID: 'mainnet' })).toThrow('VITE_CHAIN_ID must be a positive integer')
    expect(() => readEnv({ VITE_PASS_ADDRESS: '0x123' })).toThrow('VITE_PASS_ADDRESS must be a 0x-prefixed')
  })
})
