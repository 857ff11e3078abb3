import { lazy } from 'react'
import type { ViewDefinitions } from '../../../ui/shell/registry'

const RegisterAccountNameView = lazy(() =>
  import('./RegisterAccountName/RegisterAccountNameView').then((module) => ({
    default: module.RegisterAccountNameView,
  })),
)
const RegisterAccountNameSuccessView = lazy(() =>
  import('./RegisterAccountNameSuccess/RegisterAccountNameSuccessView').then((module) => ({
    default: module.RegisterAccountNameSuccessView,
  })),
)

/** The names' views by route (docs/behaviour.md#names); each is a chunk of its own. */
export const namesViews: ViewDefinitions = {
  RegisterAccountName: { title: () => 'Choose Name', Component: RegisterAccountNameView },
  RegisterAccountNameSuccess: {
    title: () => 'Name Registered',
    Component: ({ entry }) => <RegisterAccountNameSuccessView name={entry.data.name} />,
  },
}
