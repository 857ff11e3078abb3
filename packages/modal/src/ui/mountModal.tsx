import { createRoot } from 'react-dom/client'
import type { Modal } from '../core/modal'
import { ModalContext } from '../react/context'
import { bannerCss } from './components/Banner/banner.css'
import { headerCss } from './components/Header/header.css'
import { ModalRoot } from './ModalRoot'
import { modalCss } from './modal.css'
import { applyTheme } from './theme'
import { themeCss } from './theme.css'
import { accountCss } from './views/Account/account.css'
import { allWalletsCss } from './views/AllWallets/allWallets.css'
import { connectCss } from './views/Connect/connect.css'
import { connectingWalletConnectCss } from './views/ConnectingWalletConnect/connectingWalletConnect.css'

const HOST_ATTRIBUTE = 'data-allaccess-modal'
let sheet: CSSStyleSheet | undefined

/**
 * Renders the modal into a shadow root on document.body: the host page's CSS can't reach in, and the styles
 * go in through a constructable stylesheet, which a strict `style-src 'self'` CSP allows.
 */
export function mountModal(modal: Modal): () => void {
  const host = document.createElement('div')
  host.setAttribute(HOST_ATTRIBUTE, '')
  const shadow = host.attachShadow({ mode: 'open' })
  sheet ??= createSheet(
    [
      themeCss,
      modalCss,
      headerCss,
      accountCss,
      bannerCss,
      connectCss,
      allWalletsCss,
      connectingWalletConnectCss,
    ].join('\n'),
  )
  shadow.adoptedStyleSheets = [sheet]
  // Each feature module brings its CSS with its chunk: adopted once the features have loaded.
  const adoptFeatureCss = () => {
    const css = modal.featureViews()?.css ?? []
    if (css.length > 0 && shadow.adoptedStyleSheets.length === 1 && sheet) {
      shadow.adoptedStyleSheets = [sheet, createSheet(css.join('\n'))]
    }
  }
  adoptFeatureCss()
  const stopFeatureCss = modal.subscribe((state) => state.loading, adoptFeatureCss)
  const stopTheme = applyTheme(host, modal)
  document.body.append(host)
  const root = createRoot(shadow)
  root.render(
    <ModalContext.Provider value={modal}>
      <ModalRoot />
    </ModalContext.Provider>,
  )
  return () => {
    stopFeatureCss()
    stopTheme()
    root.unmount()
    host.remove()
  }
}

function createSheet(css: string): CSSStyleSheet {
  const created = new CSSStyleSheet()
  created.replaceSync(css)
  return created
}
