import type { FeatureModule } from '../../../kernel/feature'
import { useStore } from '../../../react/useStore'
import { useFeature } from '../../../ui/shell/hooks'
import type { EmailFeature, EmailState } from '../createEmailFeature'
import { EMAIL_FEATURE_ID } from '../options'

/** The e-mail feature by its id: the views can't import its module, which loads them. */
const email = { id: EMAIL_FEATURE_ID } as FeatureModule<EmailFeature, never>

/** The e-mail feature's controller (the views render once the modal's features are loaded). */
export const useEmail = () => useFeature(email)

/** A slice of the e-mail login's state, re-rendering when it changes. */
export function useEmailState<S>(selector: (state: EmailState) => S): S {
  return useStore(useEmail().state, selector)
}
