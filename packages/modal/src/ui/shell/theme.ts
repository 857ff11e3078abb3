import type { Modal } from '../../app/modal'
import type { ThemeVariables } from '../../kernel/theme'

/**
 * Keeps the host element in step with the store's theme: `data-theme` picks the palette (the system's colour
 * scheme while no mode is set), variables go on through CSSOM, which a strict `style-src` CSP allows.
 */
export function applyTheme(host: HTMLElement, modal: Modal): () => void {
  const system = matchMedia('(prefers-color-scheme: dark)')
  let applied: ThemeVariables = {}
  const render = () => {
    const { themeMode, themeVariables } = modal.getState()
    host.dataset.theme = themeMode ?? (system.matches ? 'dark' : 'light')
    for (const name of Object.keys(applied)) {
      if (!(name in themeVariables)) host.style.removeProperty(name)
    }
    for (const [name, value] of Object.entries(themeVariables)) {
      if (value) host.style.setProperty(name, value)
    }
    applied = themeVariables
  }
  render()
  system.addEventListener('change', render)
  const unsubscribe = modal.subscribe((state, previous) => {
    if (state.themeMode !== previous.themeMode || state.themeVariables !== previous.themeVariables) render()
  })
  return () => {
    system.removeEventListener('change', render)
    unsubscribe()
  }
}
