import type { FeatureModule } from '../../../kernel/feature'
import { useStore } from '../../../react/useStore'
import { useFeature } from '../../../ui/shell/hooks'
import type { AccountState } from '../accountState'
import type { AccountFeature } from '../createAccountFeature'
import { ACCOUNT_FEATURE_ID } from '../options'
import type { SendState } from '../send/createSend'

/** The account feature by its id: the views can't import its module, which loads them. */
const account = { id: ACCOUNT_FEATURE_ID } as FeatureModule<AccountFeature, never>

/** The account feature's controller (the views render once the modal's features are loaded). */
export const useAccount = () => useFeature(account)

/** A slice of the account state, re-rendering when it changes. */
export function useAccountState<S>(selector: (state: AccountState) => S): S {
  return useStore(useAccount().state, selector)
}

/** A slice of Send's state. */
export function useSendState<S>(selector: (state: SendState) => S): S {
  return useStore(useAccount().send.state, selector)
}

/** Send's dialog title as it goes: reviewed, sending, then what became of it. */
export function useSendTitle(): string {
  return useSendState((state) =>
    state.step === 'done'
      ? 'Sent'
      : state.step === 'failed'
        ? 'Send Failed'
        : state.step === 'pending'
          ? 'Sending'
          : 'Review Send',
  )
}
