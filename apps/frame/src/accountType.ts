import { FRAME_ERROR_TEXTS, type FrameReply } from '@allaccess/frame-protocol'
import type { Address } from 'viem'
import type { RequestHandlers } from './hostChannel'

/**
 * Account type (docs/embedded-wallet.md#account-type). This wallet has no smart accounts: its only account is its own
 * key's (externally owned), so no network is smart-account enabled. The host then never offers smartAccount; asked
 * for one anyway, the frame refuses (SmartAccountUnavailableError) and the account stays eoa.
 */
export const SMART_ACCOUNT_ENABLED_NETWORKS: readonly number[] = []

/** Raised for a smart account asked of a wallet that has none. */
export class SmartAccountUnavailableError extends Error {
  override name = 'SmartAccountUnavailableError'
  constructor() {
    super(FRAME_ERROR_TEXTS.smartAccountUnavailable)
  }
}

type AccountFields = Pick<FrameReply<'getUser'>, 'accounts' | 'preferredAccountType' | 'smartAccountDeployed'>

/** The user's accounts in a getUser reply: the key's, preferred because it is the only one. */
export const accountsOf = (address: Address): AccountFields => ({
  accounts: [{ address, type: 'eoa' }],
  preferredAccountType: 'eoa',
  smartAccountDeployed: false,
})

/** The frame's answers to the account-type requests; `address` is the signed-in wallet's (or NotSignedIn). */
export function createAccountTypeHandlers({
  address,
}: {
  address(): Promise<Address>
}): Pick<RequestHandlers, 'getSmartAccountEnabledNetworks' | 'initSmartAccount' | 'setPreferredAccount'> {
  return {
    getSmartAccountEnabledNetworks: async () => ({
      smartAccountEnabledNetworks: [...SMART_ACCOUNT_ENABLED_NETWORKS],
    }),
    initSmartAccount: async () => {
      throw new SmartAccountUnavailableError()
    },
    setPreferredAccount: async ({ type }) => {
      if (type !== 'eoa') throw new SmartAccountUnavailableError()
      return { type, address: await address() }
    },
  }
}
