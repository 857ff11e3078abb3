import { otpInputCss } from '../../ui/components/OtpInput/otpInput.css'
import { createEmailFeature } from './createEmailFeature'
import { EmailAccountPanel } from './views/EmailAccountPanel/EmailAccountPanel'
import { EmailField } from './views/EmailField/EmailField'
import { emailFieldCss } from './views/EmailField/emailField.css'
import { emailViews } from './views/emailViews'

export const chunk = {
  create: createEmailFeature,
  views: emailViews,
  css: emailFieldCss + otpInputCss,
  slots: { 'connect:email': EmailField, 'account:wallet': EmailAccountPanel },
}
