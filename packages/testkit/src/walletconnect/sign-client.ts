import { randomUUID } from 'node:crypto'
import { SignClient } from '@walletconnect/sign-client'

/**
 * WalletConnect's official SignClient (2.25) on a local relay, for tests and benchmarks: in-memory storage, no
 * telemetry, silent, and a store of its own so several can live in one process.
 */
export function createSignClient(relayUrl: string, name: string) {
  return SignClient.init({
    projectId: 'allaccess-testkit',
    relayUrl,
    customStoragePrefix: `${name}-${randomUUID()}`,
    logger: 'silent',
    telemetryEnabled: false,
    storageOptions: { database: ':memory:' },
    metadata: { name, description: name, url: 'http://127.0.0.1', icons: [] },
  })
}
