import {
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
  Suspense,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react'
import { connectFeature } from '../../features/connect/connectFeature'
import { currentEntry } from '../../kernel/router'
import type { RouteEntry } from '../../kernel/routes'
import { Banner } from '../components/Banner/Banner'
import { Header } from '../components/Header/Header'
import { Spinner } from '../components/Spinner'
import { useModal, useModalAccount, useModalState } from './hooks'
import { Rehearsal } from './Rehearsal'
import { type ViewDefinition, viewFor } from './registry'

// What Tab reaches: a control taken out of the order (`tabindex="-1"`, like All Wallets' roving tiles) is not.
const FOCUSABLE = ['button:not([disabled])', '[href]', 'input:not([disabled])', '[tabindex]']
  .map((selector) => `${selector}:not([tabindex="-1"])`)
  .join(', ')

export function ModalRoot() {
  const modal = useModal()
  const state = useModalState()
  const account = useModalAccount()
  const dialogRef = useRef<HTMLDialogElement>(null)
  const openerRef = useRef<HTMLElement | null>(null)
  const titleId = useId()
  const entry = currentEntry(state.router)
  // The features load on first use: until then the shell shows a spinner (the product mounts after them).
  const features = modal.featureViews()
  const ready = !state.loading && features !== undefined
  // Mounted closed at idle, the shell rehearses the first open (Connect, for a visitor not connected) once its
  // features are in (see Rehearsal); a shell mounted by an open needs none.
  const [rehearsed, setRehearsed] = useState(state.open)
  const endRehearsal = useCallback(() => setRehearsed(true), [])
  const rehearse = ready && !rehearsed && !state.open && entry.view === 'Connect' && !account.address
  const definition = viewFor(entry, {
    placeholders: ready && modal.feature(connectFeature).configuration.getState().features.viewPlaceholders,
    featureViews: features?.views ?? {},
  })

  useEffect(() => {
    if (state.open) setRehearsed(true)
  }, [state.open])

  // The native dialog gives top-layer stacking and an inert page; the store stays the source of truth.
  useEffect(() => {
    const dialog = dialogRef.current
    if (!dialog) return
    if (state.open && !dialog.open) {
      openerRef.current = deepActiveElement()
      dialog.showModal()
    } else if (!state.open && dialog.open) {
      dialog.close()
      openerRef.current?.focus()
      openerRef.current = null
    }
  }, [state.open])

  // A new view gets focus on its first control, so keyboard users land in it rather than on the page. A view
  // that is still loading (its own chunk) gets it as soon as its first control appears.
  // biome-ignore lint/correctness/useExhaustiveDependencies: refocus exactly when the view changes
  useEffect(() => {
    const view = state.open ? dialogRef.current?.querySelector<HTMLElement>('.view') : null
    if (!view) return
    const focusFirst = () => {
      const first = view.querySelector<HTMLElement>(FOCUSABLE)
      first?.focus()
      return Boolean(first)
    }
    if (focusFirst()) return
    // Meanwhile (or for good, in a view with no control, like "Approve in wallet") focus stays in the dialog.
    dialogRef.current?.querySelector<HTMLElement>(FOCUSABLE)?.focus()
    const observer = new MutationObserver(() => {
      if (focusFirst()) observer.disconnect()
    })
    observer.observe(view, { childList: true, subtree: true })
    return () => observer.disconnect()
  }, [state.open, entry])

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === 'Tab') trapFocus(event, event.currentTarget)
  }
  // A press that starts and ends on the backdrop dismisses (a text selection dragged out of the dialog doesn't).
  const pressedOnBackdrop = useRef(false)
  const onPointerDown = (event: PointerEvent<HTMLDialogElement>) => {
    pressedOnBackdrop.current = isOnBackdrop(event, event.currentTarget)
  }
  const onClick = (event: MouseEvent<HTMLDialogElement>) => {
    if (pressedOnBackdrop.current && isOnBackdrop(event, event.currentTarget)) modal.dismiss()
    pressedOnBackdrop.current = false
  }

  const canGoBack = state.router.history.length > 1 || (entry.view === 'Connect' && Boolean(account.address))
  return (
    <>
      {rehearse ? <Rehearsal onDone={endRehearsal} /> : null}
      <dialog
        ref={dialogRef}
        aria-modal="true"
        aria-labelledby={titleId}
        data-shake={state.shake || undefined}
        onKeyDown={onKeyDown}
        onPointerDown={onPointerDown}
        onClick={onClick}
        onCancel={(event) => {
          // Escape: the store closes the modal; the dialog follows the store.
          event.preventDefault()
          modal.close()
        }}
        onClose={() => {
          // The browser may force-close on repeated Escape; put the store back in charge. The event of our own
          // close arrives a task later: by then the modal may be open again (a view put up once the wallet
          // connected), and the dialog with it — that is no force-close.
          if (dialogRef.current?.open) return
          if (modal.getState().open && !modal.close()) dialogRef.current?.showModal()
        }}
      >
        {state.open ? (
          <>
            <Header
              titleId={titleId}
              title={ready ? <ViewTitle definition={definition} entry={entry} /> : ''}
              titleKey={entry.view}
              onBack={canGoBack ? modal.back : undefined}
              onClose={() => modal.close()}
            />
            <div
              className="view"
              key={`${entry.view}:${state.router.history.length}`}
              data-direction={state.router.direction}
            >
              <Suspense fallback={<Spinner label="Loading" />}>
                {ready ? <definition.Component entry={entry} /> : <Spinner label="Loading" />}
              </Suspense>
            </div>
            <Banner />
          </>
        ) : null}
      </dialog>
    </>
  )
}

/** The view's title: its own hook's when it has one (a title that follows its state), else the fixed one. */
function ViewTitle({ definition, entry }: { definition: ViewDefinition; entry: RouteEntry }) {
  const modal = useModal()
  return definition.useTitle ? (
    <UsedTitle key={entry.view} use={definition.useTitle} entry={entry} />
  ) : (
    definition.title(modal, entry)
  )
}

/** Calls a view's title hook; keyed by the view, so another view's hook never runs in its place. */
function UsedTitle({ use, entry }: { use: (entry: RouteEntry) => string; entry: RouteEntry }) {
  return use(entry)
}

/** Whether a pointer event fell on the backdrop: on the dialog element itself, outside its box. */
function isOnBackdrop(event: MouseEvent, dialog: HTMLElement): boolean {
  if (event.target !== dialog) return false
  const box = dialog.getBoundingClientRect()
  const { clientX: x, clientY: y } = event
  return x < box.left || x > box.right || y < box.top || y > box.bottom
}

/** Keeps Tab and Shift+Tab cycling inside the dialog. */
function trapFocus(event: KeyboardEvent, dialog: HTMLElement) {
  const focusable = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)]
  const first = focusable[0]
  const last = focusable.at(-1)
  if (!first || !last) return
  const root = dialog.getRootNode() as ShadowRoot | Document
  const active = root.activeElement
  if (event.shiftKey && (active === first || !dialog.contains(active))) {
    event.preventDefault()
    last.focus()
  } else if (!event.shiftKey && (active === last || !dialog.contains(active))) {
    event.preventDefault()
    first.focus()
  }
}

/** The focused element, looking through open shadow roots, so focus can return to it on close. */
function deepActiveElement(): HTMLElement | null {
  let active = document.activeElement
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement
  return active instanceof HTMLElement ? active : null
}
