// A bare page for theme.spec.ts: the modal on its own, with the instance on `window` so the test can call
// setThemeMode / setThemeVariables as a host page would.
import { createModal, mountModal } from '@allaccess/modal/testing'

const modal = createModal({
  adapters: [],
  metadata: { name: 'Theme test', description: 'Theme test', url: location.origin, icons: [] },
  projectId: 'theme-test',
  themeMode: 'dark',
  themeVariables: { '--aap-accent': 'rgb(232, 89, 12)' },
  isMobile: () => false,
})
mountModal(modal)
modal.open()
Object.assign(window, { modal })
