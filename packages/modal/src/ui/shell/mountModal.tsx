import { createRoot } from 'react-dom/client'
import type { Modal } from '../../app/modal'
import { connectCss } from '../../features/connect/views/Connect/connect.css'
import { ModalContext } from '../../react/context'
import { bannerCss } from '../components/Banner/banner.css'
import { headerCss } from '../components/Header/header.css'
import { ModalRoot } from './ModalRoot'
import { modalCss } from './modal.css'
import { applyTheme } from './theme'
import { themeCss } from './theme.css'
import { type AdoptStyles, ViewStylesContext } from './viewStyles'

const HOST_ATTRIBUTE = 'data-allaccess-modal'
/** The first view's styles, made once per page; lazy views and feature modules adopt theirs as they load. */
let sheet: CSSStyleSheet | undefined

/**
 * Renders the modal into a shadow root on document.body: the host page's CSS can't reach in, and the styles
 * go in through constructable stylesheets, which a strict `style-src 'self'` CSP allows.
 */
export function mountModal(modal: Modal): () => void {
  const host = document.createElement('div')
  host.setAttribute(HOST_ATTRIBUTE, '')
  const shadow = host.attachShadow({ mode: 'open' })
  sheet ??= createSheet([themeCss, modalCss, headerCss, bannerCss, connectCss].join('\n'))
  shadow.adoptedStyleSheets = [sheet]
  const adopted = new Set<string>()
  const adopt: AdoptStyles = (css) => {
    if (adopted.has(css)) return
    adopted.add(css)
    shadow.adoptedStyleSheets = [...shadow.adoptedStyleSheets, createSheet(css)]
  }
  // Each feature module brings its CSS with its chunk: adopted once the features have loaded.
  const adoptFeatureCss = () => {
    for (const css of modal.featureViews()?.css ?? []) adopt(css)
  }
  adoptFeatureCss()
  const stopFeatureCss = modal.subscribe((state) => state.loading, adoptFeatureCss)
  const stopTheme = applyTheme(host, modal)
  document.body.append(host)
  const root = createRoot(shadow)
  root.render(
    <ModalContext.Provider value={modal}>
      <ViewStylesContext.Provider value={adopt}>
        <ModalRoot />
      </ViewStylesContext.Provider>
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
