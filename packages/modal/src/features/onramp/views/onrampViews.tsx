import { lazy } from 'react'
import type { ViewDefinitions } from '../../../ui/shell/registry'

const OnRampProvidersView = lazy(() =>
  import('./OnRampProviders/OnRampProvidersView').then((module) => ({ default: module.OnRampProvidersView })),
)
const OnRampAmountView = lazy(() =>
  import('./OnRampAmount/OnRampAmountView').then((module) => ({ default: module.OnRampAmountView })),
)
const OnRampPendingView = lazy(() =>
  import('./OnRampPending/OnRampPendingView').then((module) => ({ default: module.OnRampPendingView })),
)
const OnRampDoneView = lazy(() =>
  import('./OnRampDone/OnRampDoneView').then((module) => ({ default: module.OnRampDoneView })),
)

/** The on-ramp's views by route (docs/behaviour.md#on-ramp); each is a chunk of its own. */
export const onrampViews: ViewDefinitions = {
  OnRampProviders: { title: () => 'Buy', Component: OnRampProvidersView },
  OnRampAmount: { title: () => 'Buy crypto', Component: OnRampAmountView },
  OnRampPending: { title: () => 'Complete your purchase', Component: OnRampPendingView },
  OnRampDone: { title: () => 'Purchase complete', Component: OnRampDoneView },
}
