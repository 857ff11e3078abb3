import { newEnrolmentKey, openSealedShare } from '@allaccess/protocol'
import type { Hex } from 'viem'
import { type CloudApi, CloudError } from './cloudApi'
import { type ShowWaiting, waitForEnrolment } from './deviceApproval'
import { createSplitKey, rebuildKey, ShareMismatchError } from './keys'
import { shareKey, type Vault } from './vault'

/**
 * The wallet's key for a session (docs/embedded-wallet.md#keys): created and split on a new user's first sign-in;
 * else rebuilt from this device's share and the auth share, or on a device without a share (or a stale one)
 * enrolled: the auth and recovery shares, the latter sealed to a key made here for it, once, after which this
 * device keeps the recovery share as its own.
 */
export function createKeyLoader({
  cloud,
  vault,
  showWaiting,
}: {
  cloud: CloudApi
  vault: Vault
  /** The screen of this device while it waits for its approval (a new device of an existing wallet). */
  showWaiting: ShowWaiting
}) {
  async function loadKey(token: string): Promise<Hex> {
    const shares = await cloud.shares(token)
    if (shares.address === null) return createKey(token)
    const { address, authShare } = shares
    const deviceShare = await vault.get<Hex>(shareKey(address))
    if (deviceShare) {
      try {
        return await rebuildKey([deviceShare, authShare as Hex], address)
      } catch (error) {
        if (!(error instanceof ShareMismatchError)) throw error
      }
    }
    return enrol(token)
  }

  /**
   * This device's enrolment, once it is granted: at once after a sign-in that enrols (a code, an approval link), or
   * a fresh re-authentication of a device that held the wallet; else after a device that holds the wallet approves
   * this one, or its recovery's delay (docs/embedded-wallet.md#new-device-approval).
   */
  async function enrol(token: string): Promise<Hex> {
    await waitForEnrolment(cloud, token, showWaiting)
    const { enrolKey, privateKey } = await newEnrolmentKey()
    const enrolment = await cloud.enrol(token, enrolKey)
    const recoveryShare = (await openSealedShare(privateKey, enrolment)) as Hex
    const key = await rebuildKey([enrolment.authShare as Hex, recoveryShare], enrolment.address)
    await vault.set(shareKey(enrolment.address), recoveryShare)
    return key
  }

  async function createKey(token: string): Promise<Hex> {
    const split = await createSplitKey()
    // The device share first: a wallet whose shares the cloud holds but no device does would need recovery.
    await vault.set(shareKey(split.address), split.deviceShare)
    try {
      await cloud.storeShares(token, {
        address: split.address,
        authShare: split.authShare,
        recoveryShare: split.recoveryShare,
      })
    } catch (error) {
      await vault.delete(shareKey(split.address))
      // Another tab of this user stored its wallet first: that one is the wallet.
      if (error instanceof CloudError && error.status === 409) return loadKey(token)
      throw error
    }
    return rebuildKey([split.deviceShare, split.authShare], split.address)
  }

  return loadKey
}
