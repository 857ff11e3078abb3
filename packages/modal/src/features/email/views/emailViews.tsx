import { lazy } from 'react'
import type { ViewDefinitions } from '../../../ui/shell/registry'

const EmailVerifyOtpView = lazy(() =>
  import('./EmailVerifyOtp/EmailVerifyOtpView').then((module) => ({ default: module.EmailVerifyOtpView })),
)
const EmailVerifyDeviceView = lazy(() =>
  import('./EmailVerifyDevice/EmailVerifyDeviceView').then((module) => ({
    default: module.EmailVerifyDeviceView,
  })),
)

const UpdateEmailWalletView = lazy(() =>
  import('./UpdateEmailWallet/UpdateEmailWalletView').then((module) => ({
    default: module.UpdateEmailWalletView,
  })),
)

/** The e-mail login's views by route (docs/behaviour.md#email); each is a chunk of its own. */
export const emailViews: ViewDefinitions = {
  EmailVerifyOtp: {
    title: () => 'Confirm E-mail',
    Component: ({ entry }) => <EmailVerifyOtpView email={entry.data.email} />,
  },
  EmailVerifyDevice: {
    title: () => 'Register Device',
    Component: ({ entry }) => <EmailVerifyDeviceView email={entry.data.email} />,
  },
  UpdateEmailWallet: { title: () => 'Update E-mail', Component: UpdateEmailWalletView },
}
