import { SOLANA_NETWORKS } from '@allaccess/protocol'
import { LOCAL_SOLANA_CHAIN_ID } from '@allaccess/solana-chain/constants'
import { describe, expect, it } from 'vitest'
import { ConfigError } from '../config/index.js'
import { loadConfig } from '../services.js'

describe('the Solana networks’ configuration', () => {
  it('serves the local chain at 127.0.0.1:8899 by default, the others once their node is set', () => {
    expect([...loadConfig({}).solana.upstreams]).toEqual([[LOCAL_SOLANA_CHAIN_ID, 'http://127.0.0.1:8899']])
    expect(loadConfig({}).solana.timeoutMs).toBe(10_000)
    const configured = loadConfig({
      SOLANA_RPC_LOCAL: 'http://127.0.0.1:38899',
      SOLANA_RPC_MAINNET: 'https://mainnet.example',
      SOLANA_RPC_DEVNET: 'https://devnet.example',
    }).solana.upstreams
    expect(Object.fromEntries(configured)).toEqual({
      [LOCAL_SOLANA_CHAIN_ID]: 'http://127.0.0.1:38899',
      [SOLANA_NETWORKS.mainnet]: 'https://mainnet.example',
      [SOLANA_NETWORKS.devnet]: 'https://devnet.example',
    })
  })

  it('refuses a node that is no http(s) URL', () => {
    expect(() => loadConfig({ SOLANA_RPC_TESTNET: 'ftp://testnet' })).toThrow(ConfigError)
    expect(() => loadConfig({ SOLANA_RPC_TIMEOUT_MS: '0' })).toThrow(ConfigError)
  })
})
