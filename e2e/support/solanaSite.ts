import { freePort } from '@allaccess/testkit'
import { type ServedApp, startSite } from '../../scripts/site'
import { E2E_CLOUD_URL, E2E_FRAME_URL, E2E_RPC_URL, E2E_SOLANA_RPC_URL } from './ports'

/**
 * The site built as `SITE_SOLANA=on npm start` builds it, against the stack's local Solana chain (LiteSVM) and the
 * e2e cloud, into `outDir` (a folder of each spec's own, beside the stack's E2E_SITE_DIST: two workers never build
 * into one folder).
 */
export async function startSolanaSite(outDir: string): Promise<ServedApp> {
  return startSite({
    port: await freePort(),
    outDir,
    cloudUrl: E2E_CLOUD_URL,
    chainRpcUrl: E2E_RPC_URL,
    frameUrl: `${E2E_FRAME_URL}/`,
    solanaRpcUrl: E2E_SOLANA_RPC_URL,
  })
}
