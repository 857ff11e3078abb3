import { EmailAccountPanel } from '../../ui/features/email/EmailAccountPanel/EmailAccountPanel'
import { EmailField } from '../../ui/features/email/EmailField/EmailField'
import { emailFieldCss } from '../../ui/features/email/EmailField/emailField.css'
import { emailViews } from '../../ui/features/email/emailViews'
import { createEmailFeature } from './createEmailFeature'

export const chunk = {
  create: createEmailFeature,
  views: emailViews,
  css: emailFieldCss,
  slots: { 'connect:email': EmailField, 'account:wallet': EmailAccountPanel },
}
