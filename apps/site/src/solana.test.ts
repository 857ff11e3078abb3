import { describe, expect, it } from 'vitest'
import { checkSolanaEnv, localSolanaNetwork, readSolanaEnv } from './solana'

describe('SITE_SOLANA', () => {
  it('is off unless VITE_SOLANA is on; on, the local chain at 127.0.0.1:8899 unless VITE_SOLANA_RPC_URL says', () => {
    expect(readSolanaEnv({})).toBeUndefined()
    expect(readSolanaEnv({ VITE_SOLANA: 'yes' })).toBeUndefined()
    expect(readSolanaEnv({ VITE_SOLANA: 'on' })).toEqual({ rpcUrl: 'http://127.0.0.1:8899' })
    expect(readSolanaEnv({ VITE_SOLANA: 'on', VITE_SOLANA_RPC_URL: 'http://127.0.0.1:48899' })).toEqual({
      rpcUrl: 'http://127.0.0.1:48899',
    })
    // The build checks the URL (vite.config.ts), so the page carries no check.
    expect(checkSolanaEnv({})).toBeUndefined()
    expect(() => checkSolanaEnv({ VITE_SOLANA: 'on', VITE_SOLANA_RPC_URL: 'ws://x' })).toThrow(
      'VITE_SOLANA_RPC_URL must be an http:// or https:// URL',
    )
  })

  it("names the local chain by its CAIP-2 id (the genesis hash's first 32 characters), SOL in 9 decimals, the cloud's gateway first", () => {
    const network = localSolanaNetwork(
      { rpcUrl: 'http://127.0.0.1:8899' },
      { cloudUrl: 'http://127.0.0.1:8787', projectId: 'allaccess-local' },
    )
    expect(network).toMatchObject({
      id: 'Tnwe9PZ5Ug274Ze7Tiurka8Y4UF42N4B',
      caipNetworkId: 'solana:Tnwe9PZ5Ug274Ze7Tiurka8Y4UF42N4B',
      chainNamespace: 'solana',
      nativeCurrency: { symbol: 'SOL', decimals: 9 },
      rpcUrls: {
        default: {
          http: [
            'http://127.0.0.1:8787/v1/?chainId=solana:Tnwe9PZ5Ug274Ze7Tiurka8Y4UF42N4B&projectId=allaccess-local',
            'http://127.0.0.1:8899',
          ],
        },
      },
    })
  })
})
