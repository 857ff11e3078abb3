import { createServer } from 'node:net'
import { type RunningCloud, startCloud } from '@allaccess/cloud'
import { LOCAL_SOLANA_REFERENCE, type SolanaChain, start } from '@allaccess/solana-chain'
import { createSolanaRpc, devnet } from '@solana/kit'
import { type SolanaNetwork, solanaNetwork } from '../solana/networks'
import { TEST_PROJECT_ID } from './browser'

/**
 * The local Solana chain (no blocks of its own: a test moves it on) behind the real cloud's gateway, as the frame
 * reaches it: `network` is the frame's network for it, `rpc` the chain itself (for a test's own set-up and checks).
 */
export async function startSolanaChainBehindCloud() {
  const chain: SolanaChain = await start({ port: 0, wsPort: 0, slotMs: 0 })
  const cloud: RunningCloud = await startCloud({
    port: 0,
    host: '127.0.0.1',
    dataDir: 'memory://',
    env: { NODE_ENV: 'development', LOG_LEVEL: 'silent', INDEXER: '0', SOLANA_RPC_LOCAL: chain.url },
  })
  const network: SolanaNetwork = solanaNetwork(LOCAL_SOLANA_REFERENCE, {
    cloudUrl: cloud.url,
    projectId: TEST_PROJECT_ID,
  })
  const rpc = createSolanaRpc(devnet(chain.url))
  async function close() {
    await cloud.close()
    await chain.close()
  }
  return { chain, network, rpc, close }
}

/** A port nothing listens on (one just freed). */
export async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise((resolve) => server.close(resolve))
  return port
}
