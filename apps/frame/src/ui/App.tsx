import { FRAME_ERROR_TEXTS } from '@allaccess/frame-protocol'
import { useEffect, useSyncExternalStore } from 'react'
import type { Hex } from 'viem'
import { ApprovalView } from './ApprovalView'
import { ExportView } from './ExportView'
import { NewDeviceView, WaitingView } from './NewDeviceViews'
import type { Screens } from './screens'

export type AppProps = {
  screens: Screens
  /** The host site's name (from its dapp data) and origin, as the approval screens name it. */
  site(): string
  /**
   * Key export, step 1: a code e-mailed, a Farcaster approval from the link it shows (`showLink`), or the social
   * re-authentication in the host's popup waited for; `signal` ends a wait when the screen closes or starts over.
   */
  startExport(showLink: (url: string) => void, signal: AbortSignal): Promise<void>
  /** Step 2: the key, once the cloud holds the session fresh (an e-mail user's code checked first). */
  revealKey(otp?: string): Promise<Hex>
  /** A social user's Try again: asks the host to open the provider's popup again. */
  reopenSocialPopup(): void
}

/** The frame's UI: empty while hidden; an approval or the key export while the host shows the frame. */
export function App({ screens, site, startExport, revealKey, reopenSocialPopup }: AppProps) {
  const screen = useSyncExternalStore(screens.subscribe, screens.get)
  // Escape answers "no" (or closes the export), as it would close a dialog.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      if (screen.kind === 'approval' || screen.kind === 'newDevice') screen.answer(false)
      if (screen.kind === 'export' || screen.kind === 'notice') screen.close()
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [screen])

  switch (screen.kind) {
    case 'idle':
      return null
    case 'approval':
      return <ApprovalView request={screen.request} site={site()} answer={screen.answer} />
    case 'export':
      return (
        <ExportView
          exporter={screen.exporter}
          start={startExport}
          reveal={revealKey}
          close={screen.close}
          reopenPopup={reopenSocialPopup}
        />
      )
    case 'newDevice':
      return <NewDeviceView device={screen.device} answer={screen.answer} />
    case 'waiting':
      return <WaitingView state={screen.state} recover={screen.recover} cancel={screen.cancel} />
    case 'notice':
      return (
        <main aria-labelledby="notice-title" className="notice">
          <h1 id="notice-title">{screen.text}</h1>
          <p>{site()} asked this wallet for something it does not do. Nothing was signed or sent.</p>
          <button type="button" className="primary" onClick={screen.close}>
            OK
          </button>
        </main>
      )
  }
}

/** What a frame shows when the page around it is not on the project's allowlist. */
export function NotAllowed() {
  return (
    <main aria-labelledby="not-allowed-title">
      <h1 id="not-allowed-title">{FRAME_ERROR_TEXTS.originNotAllowed}</h1>
    </main>
  )
}
