import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort } from '@allaccess/testkit/free-port'
import { hostOrigin, SITE_HOST } from '../scripts/hosts'

/**
 * The browser tests' stack (anvil, the development identity provider, the cloud with 1,000 fixture wallets and its
 * mailbox, the frame and the site's production builds) on free loopback ports and throw-away build folders, for the browser benchmarks. `stop()`
 * stops it and removes the builds.
 */
export async function startBrowserStack() {
  const [anvil, cloud, site, frame, oidc] = await Promise.all([
    freePort(),
    freePort(),
    freePort(),
    freePort(),
    freePort(),
  ])
  const siteDist = await mkdtemp(join(tmpdir(), 'aap-bench-site-'))
  const frameDist = await mkdtemp(join(tmpdir(), 'aap-bench-frame-'))
  Object.assign(process.env, {
    E2E_ANVIL_PORT: String(anvil),
    E2E_CLOUD_PORT: String(cloud),
    E2E_SITE_PORT: String(site),
    E2E_FRAME_PORT: String(frame),
    E2E_OIDC_PORT: String(oidc),
    E2E_SITE_DIST: siteDist,
    E2E_FRAME_DIST: frameDist,
  })
  // Read after the ports are set: the same stack the browser tests start.
  const { default: startStack } = await import('../e2e/support/globalSetup')
  const stopStack = await startStack()
  return {
    siteUrl: `${hostOrigin(SITE_HOST, site)}/`,
    rpcUrl: `http://127.0.0.1:${anvil}`,
    cloudUrl: `http://127.0.0.1:${cloud}`,
    async stop() {
      await stopStack()
      await rm(siteDist, { recursive: true, force: true })
      await rm(frameDist, { recursive: true, force: true })
    },
  }
}
