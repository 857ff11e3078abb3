import { IDBFactory } from 'fake-indexeddb'
import { createCloudApi } from '../cloudApi'
import type { ShowWaiting } from '../deviceApproval'
import { createDeviceKey } from '../deviceKey'
import { openVault } from '../vault'
import { createWallet } from '../wallet'

/** The local project, as the frame's tests sign in to the real cloud under it. */
export const TEST_PROJECT_ID = 'allaccess-local'

/**
 * One browser's frame wallet for tests against the real cloud: its own IndexedDB (`indexedDB`: the same one is the
 * same browser after a reload), so its own device id, device key, session and device shares. `now` is the clock
 * its device proofs are signed at: the cloud's, when a test steps that forward.
 */
export function testWallet(
  cloudUrl: string,
  {
    indexedDB = new IDBFactory(),
    sessionEnded,
    now = Date.now,
    showWaiting,
  }: {
    indexedDB?: IDBFactory
    sessionEnded?: () => Promise<void>
    now?: () => number
    showWaiting?: ShowWaiting
  } = {},
) {
  const vault = openVault(indexedDB)
  const device = createDeviceKey(vault, now)
  const cloud = createCloudApi({ cloudUrl, projectId: TEST_PROJECT_ID, device })
  return createWallet({
    cloud,
    vault,
    ...(sessionEnded ? { sessionEnded } : {}),
    ...(showWaiting ? { showWaiting } : {}),
  })
}

type TestWallet = ReturnType<typeof testWallet>

/**
 * `wallet`'s user once `holder`, a browser that holds the same wallet, approved it (a new device of an existing
 * wallet signed in by a provider: docs/embedded-wallet.md#new-device-approval).
 */
export async function userApprovedBy(holder: TestWallet, wallet: TestWallet) {
  const watching = new AbortController()
  const watched = holder.watchNewDevices(async () => true, watching.signal)
  try {
    return await wallet.user()
  } finally {
    watching.abort()
    await watched
  }
}
