import { Outlet } from 'react-router'

// app/root.tsx without the modal: the framework's own document, scripts and hydration.
export { Layout } from '../document'

export default function Root() {
  return <Outlet />
}
