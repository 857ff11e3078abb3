import { useId, useLayoutEffect, useRef } from 'react'
import { ConnectView } from '../../features/connect/views/Connect/ConnectView'
import { Header } from '../components/Header/Header'

const CONNECT = { view: 'Connect' } as const

/**
 * The first open, rehearsed while the page is idle: the Connect view rendered in a hidden dialog, laid out, and
 * removed in the next task. The browser compiles the views' code, builds the style rules, shapes the text and
 * fetches the wallets' icons then, instead of in the frame after the visitor's first click (README,
 * Benchmarks). Hidden (`visibility`) and never `open`, it is not in the accessibility tree and takes no clicks
 * or focus.
 */
export function Rehearsal({ onDone }: { onDone: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  useLayoutEffect(() => {
    // Reading a box makes the browser compute styles and layout now; the icons' requests start before removal.
    dialog.current?.getBoundingClientRect()
    const done = setTimeout(onDone)
    return () => clearTimeout(done)
  }, [onDone])
  return (
    <dialog ref={dialog} className="rehearsal" aria-hidden="true">
      <Header titleId={titleId} title="Connect Wallet" onClose={() => {}} />
      <div className="view">
        <ConnectView entry={CONNECT} />
      </div>
    </dialog>
  )
}
