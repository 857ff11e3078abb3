import type { FrameReply } from '@allaccess/frame-protocol'
import { CodedError } from '@allaccess/protocol'
import type { Address } from 'viem'
import type { PrivateKeyAccount } from 'viem/accounts'
import type { RequestHandlers } from '../hostChannel'
import { ProviderError, rejected } from '../rpc'
import type { Vault } from '../vault'
import type { SmartApproval } from './approval'
import type { ChainNetwork as Network } from './config'
import { isSmartAccountNetwork, SMART_ACCOUNT_NETWORKS, SMART_ACCOUNT_TEXTS } from './config'
import { waitForOperation } from './operationStatus'
import type { UserOperations } from './userOperations'

export type AccountType = FrameReply<'setPreferredAccount'>['type']
type AccountFields = Pick<FrameReply<'getUser'>, 'accounts' | 'preferredAccountType' | 'smartAccountDeployed'>

/** Raised for a smart account asked of a network that has none for this wallet. */
export class SmartAccountUnavailableError extends CodedError<'smartAccountUnavailable'> {
  override name = 'SmartAccountUnavailableError'
  constructor() {
    super('smartAccountUnavailable', SMART_ACCOUNT_TEXTS.unavailable)
  }
}

/** The user's choice, per network: a failed switch on one leaves another's as it was. */
const preferenceKey = (address: Address, chainId: number) =>
  `accountType:${chainId}:${address.toLowerCase()}` as const

/**
 * The account type of each address (docs/embedded-wallet.md#account-type): one address either way, its own key's,
 * a smart account where it is delegated (EIP-7702) and the network has the cloud's bundler. The user's choice is
 * kept in the vault; unchosen, it is smartAccount where the network supports it (spec §9), and eoa elsewhere
 * whatever was chosen (spec §3).
 */
export function createAccountTypes({ vault, operations }: { vault: Vault; operations: UserOperations }) {
  async function preferred(address: Address, chainId: number): Promise<AccountType> {
    if (!isSmartAccountNetwork(chainId)) return 'eoa'
    return (await vault.get<AccountType>(preferenceKey(address, chainId))) ?? 'smartAccount'
  }

  /** Sets the type; smartAccount where the network has none fails and leaves eoa (spec §4). */
  async function choose(address: Address, chainId: number, type: AccountType): Promise<void> {
    const available = type === 'eoa' || isSmartAccountNetwork(chainId)
    await vault.set(preferenceKey(address, chainId), available ? type : 'eoa')
    if (!available) throw new SmartAccountUnavailableError()
  }

  return {
    preferred,
    choose,
    /**
     * getUser's (and connectSocial's) account fields on `on`; a type asked with the request is applied as
     * setPreferredAccount applies it, but an unavailable smartAccount falls back to eoa instead of failing the
     * sign-in. The one address is listed once per type it can act as.
     */
    async accountsOf(address: Address, on: Network, asked?: AccountType): Promise<AccountFields> {
      if (asked) await choose(address, on.chainId, asked).catch(() => {})
      const smart = isSmartAccountNetwork(on.chainId)
      return {
        accounts: [{ address, type: 'eoa' }, ...(smart ? [{ address, type: 'smartAccount' as const }] : [])],
        preferredAccountType: await preferred(address, on.chainId),
        smartAccountDeployed: smart && (await operations.deployed(address, on).catch(() => false)),
      }
    },
  }
}

export type AccountTypes = ReturnType<typeof createAccountTypes>

/** The frame's answers to the account-type requests, on the frame's current network. */
export function createAccountTypeHandlers({
  account,
  network,
  types,
  operations,
  approve,
}: {
  /** The signed-in wallet's account (or NotSignedIn). */
  account(): Promise<PrivateKeyAccount>
  network(): Network
  types: AccountTypes
  operations: UserOperations
  /** The user's approval of the delegation, in the frame's own screen. */
  approve(request: SmartApproval): Promise<boolean>
}): Pick<RequestHandlers, 'getSmartAccountEnabledNetworks' | 'initSmartAccount' | 'setPreferredAccount'> {
  return {
    getSmartAccountEnabledNetworks: async () => ({
      smartAccountEnabledNetworks: [...SMART_ACCOUNT_NETWORKS],
    }),
    /**
     * Delegates the address to Simple7702Account (EIP-7702) by an operation that makes no call, its gas the
     * project's paymaster's where the policy sponsors delegations: a user with no ETH can. Resolves once it is on
     * chain; the address is then a smart account, preferred.
     */
    initSmartAccount: async () => {
      const [signer, on] = [await account(), network()]
      if (!isSmartAccountNetwork(on.chainId)) throw new SmartAccountUnavailableError()
      if (!(await operations.deployed(signer.address, on))) {
        const prepared = await operations.prepare(signer, on, [], 'preferred')
        const approval = { method: 'initSmartAccount', chainId: on.chainId, prepared } as const
        if (!(await approve(approval))) throw rejected()
        const receipt = await waitForOperation(operations, await operations.send(signer, on, prepared), on)
        if (!receipt?.success) throw new ProviderError(SMART_ACCOUNT_TEXTS.delegationFailed, -32603)
      }
      await types.choose(signer.address, on.chainId, 'smartAccount')
      return {}
    },
    setPreferredAccount: async ({ type }) => {
      const { address } = await account()
      await types.choose(address, network().chainId, type)
      return { type, address }
    },
  }
}
