import { describe, expect, it } from 'vitest'
import { checkEnv, readEnv } from './env'

describe('readEnv', () => {
  it('defaults to the local devnet through the cloud RPC gateway', () => {
    expect(readEnv({})).toMatchObject({
      chainId: 31337,
      chainName: 'Local devnet',
      gatewayUrl: 'http://127.0.0.1:8787/v1/?chainId=eip155:31337&projectId=allaccess-local',
      chainRpcUrl: 'http://127.0.0.1:8545',
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
    expect(env).toMatchObject({
      chainId: 11155111,
      chainName: 'Sepolia',
      gatewayUrl: 'http://127.0.0.1:8787/v1/?chainId=eip155:11155111&projectId=allaccess-local',
      chainRpcUrl: 'https://rpc.example',
    })
    // A public chain without VITE_RPC_URL has no fallback: anvil's address means nothing there.
    expect(readEnv({ VITE_CHAIN_ID: '11155111' }).chainRpcUrl).toBeUndefined()
  })

  it("WalletConnect goes through the cloud's relay and Verify service by default, offline (self-hosted mode)", () => {
    expect(readEnv({ VITE_CLOUD_URL: 'https://cloud.example/' }).walletConnect).toEqual({
      relayUrl: 'wss://cloud.example/relay',
      projectId: 'allaccess-local',
      selfHosted: true,
      verifyUrl: 'https://cloud.example/verify/v3',
    })
    expect(readEnv({}).walletConnect.relayUrl).toBe('ws://127.0.0.1:8787/relay')
    expect(readEnv({ VITE_WC_RELAY_URL: 'ws://10.0.0.2:9000/relay' }).walletConnect.relayUrl).toBe(
      'ws://10.0.0.2:9000/relay',
    )
  })

  it('a WalletConnect Cloud project id selects the public relay and its Verify service', () => {
    expect(readEnv({ VITE_WC_PROJECT_ID: 'abc123' }).walletConnect).toEqual({
      relayUrl: 'wss://relay.walletconnect.org',
      projectId: 'abc123',
      selfHosted: false,
      verifyUrl: undefined,
    })
    expect(() => checkEnv({ VITE_WC_RELAY_URL: 'http://x' })).toThrow('VITE_WC_RELAY_URL must be a ws://')
  })

  it('rejects a bad chain id or pass address with a clear message', () => {
    expect(() => checkEnv({ VITE_CHAIN_ID: 'mainnet' })).toThrow('VITE_CHAIN_ID must be a positive integer')
    expect(() => checkEnv({ VITE_PASS_ADDRESS: '0x123' })).toThrow('VITE_PASS_ADDRESS must be a 0x-prefixed')
  })

  it("the e-mail wallet's frame: the local one by default, any http(s) URL when configured", () => {
    expect(readEnv({}).frameUrl).toBe('http://127.0.0.1:8788/')
    expect(readEnv({ VITE_FRAME_URL: 'https://wallet.example/' }).frameUrl).toBe('https://wallet.example/')
    expect(() => checkEnv({ VITE_FRAME_URL: 'javascript:alert(1)' })).toThrow(
      'VITE_FRAME_URL must be an http://',
    )
  })
})
