import type { FrameHost } from '../../embedded/frameHost'
import { createStore } from '../../kernel/store'

export type AccountType = 'eoa' | 'smartAccount'

/** What the Account view says of the account type (docs/embedded-wallet.md#account-type), each named once. */
export const ACCOUNT_TYPE_TEXTS = {
  label: 'Account type',
  eoa: 'Externally owned account',
  smartAccount: 'Smart account',
  /** The switch's accessible name: on is the smart account. */
  switchName: 'Smart account',
  sameAddress: 'The same address either way.',
  /** setPreferredAccount failed: the account is the externally owned one (spec §4). */
  failed: 'The account type could not be changed: it is the externally owned account.',
} as const

/** The spec's §3 account-type fields, as the e-mail wallet's frame answers them for the current network. */
export type AccountTypeState = {
  /** The networks where the wallet can be a smart account; empty when the frame could not say (spec §7). */
  enabledNetworks: readonly number[]
  preferredAccountType: AccountType | undefined
  smartAccountDeployed: boolean
  busy: boolean
  error: string | undefined
}

/**
 * The e-mail wallet's account type (docs/embedded-wallet.md#account-type): read from the frame, and switched
 * between eoa and smartAccount where the network supports it, the address the same. A failed switch leaves eoa.
 */
export function createAccountTypeControl({
  frame,
  chainId,
}: {
  frame(): Promise<FrameHost>
  /** The connected account's network. */
  chainId(): number
}) {
  const state = createStore<AccountTypeState>({
    enabledNetworks: [],
    preferredAccountType: undefined,
    smartAccountDeployed: false,
    busy: false,
    error: undefined,
  })

  async function load(): Promise<void> {
    const host = await frame()
    const enabledNetworks = await host.request('getSmartAccountEnabledNetworks', {}).then(
      ({ smartAccountEnabledNetworks }) => smartAccountEnabledNetworks,
      () => [],
    )
    const user = await host.request('getUser', { chainId: chainId() })
    state.setState({
      enabledNetworks,
      preferredAccountType: user.preferredAccountType,
      smartAccountDeployed: user.smartAccountDeployed,
    })
  }

  return {
    state,
    /** Whether the current network offers the switch. */
    switchable: () => state.getState().enabledNetworks.includes(chainId()),
    load: () => load().catch(() => {}),
    async choose(type: AccountType): Promise<void> {
      if (state.getState().busy) return
      state.setState({ busy: true, error: undefined })
      try {
        const { type: chosen } = await (await frame()).request('setPreferredAccount', { type })
        state.setState({ preferredAccountType: chosen })
      } catch {
        state.setState({ preferredAccountType: 'eoa', error: ACCOUNT_TYPE_TEXTS.failed })
      } finally {
        state.setState({ busy: false })
      }
    },
  }
}

export type AccountTypeControl = ReturnType<typeof createAccountTypeControl>
