import { randomUUID } from 'node:crypto'
import { SignClient } from '@walletconnect/sign-client'

/** The project the cloud seeds (`allaccess-local`): its relay refuses clients that name no known project. */
export const CLOUD_PROJECT_ID = 'allaccess-local'

export type SignClientOptions = {
  /** The cloud project the client names to the relay. Default `CLOUD_PROJECT_ID`. */
  projectId?: string
  /** The dapp's URL in its metadata: the origin it claims to wallets. Default `http://127.0.0.1`. */
  url?: string
}

/**
 * WalletConnect's official SignClient (2.25) on a local relay, for tests and benchmarks: in-memory storage, no
 * telemetry, silent, and a store of its own so several can live in one process.
 */
export function createSignClient(relayUrl: string, name: string, options: SignClientOptions = {}) {
  return SignClient.init({
    projectId: options.projectId ?? CLOUD_PROJECT_ID,
    relayUrl,
    customStoragePrefix: `${name}-${randomUUID()}`,
    logger: 'silent',
    telemetryEnabled: false,
    storageOptions: { database: ':memory:' },
    metadata: { name, description: name, url: options.url ?? 'http://127.0.0.1', icons: [] },
  })
}
