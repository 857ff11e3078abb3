import { lazy } from 'react'
import type { ViewDefinitions } from '../../../ui/shell/registry'

const SiwxSignMessageView = lazy(() =>
  import('./SiwxSignMessage/SiwxSignMessageView').then((module) => ({ default: module.SiwxSignMessageView })),
)

/** The sign-in's view (docs/behaviour.md#sign-in), a chunk of its own. */
export const siwxViews: ViewDefinitions = {
  SiwxSignMessage: { title: () => 'Sign In', Component: SiwxSignMessageView },
}
