import type { EnrolmentState, IdentityProvider, NewDevice } from '@allaccess/protocol'
import type { WaitingActions, WaitingScreen } from '../deviceApproval'
import type { ApprovalRequest } from '../rpcHandler'

/** Who exports their key: it says how they prove it is them (an e-mailed code, or their provider's sign-in). */
export type Exporter = { email: string | null; provider: IdentityProvider | null; username: string | null }

export type Screen =
  | { kind: 'idle' }
  | { kind: 'approval'; request: ApprovalRequest; answer(approved: boolean): void }
  | { kind: 'export'; exporter: Exporter; close(): void }
  /** A short word to the user (a refused call): shown until dismissed. */
  | { kind: 'notice'; text: string; close(): void }
  /** On a device that holds the wallet: a new device asks for it (docs/embedded-wallet.md#new-device-approval). */
  | { kind: 'newDevice'; device: NewDevice; answer(approved: boolean): void }
  /** On a new device of an existing wallet: waiting for a device that holds it to approve this one. */
  | ({ kind: 'waiting'; state: EnrolmentState } & WaitingActions)

/** Raised for a request the host aborted (rpcAbort, sign-out) before the user answered it. */
export class AbortedError extends Error {
  override name = 'AbortedError'
}

/**
 * What the frame shows: nothing, one approval at a time (later ones wait their turn), the key export, or a notice.
 * Each change tells `onVisible` whether the frame needs to be seen, which the host then shows or hides.
 */
export function createScreens(onVisible: (visible: boolean) => void) {
  let screen: Screen = { kind: 'idle' }
  const waiting: Exclude<Screen, { kind: 'idle' }>[] = []
  const listeners = new Set<() => void>()

  function show(next: Screen) {
    const wasVisible = screen.kind !== 'idle'
    screen = next
    for (const listener of listeners) listener()
    if (wasVisible !== (next.kind !== 'idle')) onVisible(next.kind !== 'idle')
  }
  const next = () => show(waiting.shift() ?? { kind: 'idle' })
  const enqueue = (entry: Exclude<Screen, { kind: 'idle' }>) => {
    if (screen.kind === 'idle') show(entry)
    else waiting.push(entry)
  }

  return {
    get: () => screen,
    subscribe(listener: () => void) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    ask(request: ApprovalRequest, signal?: AbortSignal): Promise<boolean> {
      return new Promise<boolean>((resolve, reject) => {
        const entry: Screen = {
          kind: 'approval',
          request,
          answer(approved) {
            signal?.removeEventListener('abort', onAbort)
            resolve(approved)
            if (screen === entry) next()
          },
        }
        const onAbort = () => {
          const index = waiting.indexOf(entry)
          if (index >= 0) waiting.splice(index, 1)
          reject(new AbortedError())
          if (screen === entry) next()
        }
        signal?.addEventListener('abort', onAbort, { once: true })
        enqueue(entry)
      })
    },
    /**
     * Tells the user `text` until dismissed. The same text already showing or waiting is not queued again: a
     * page that asks for a refused method in a loop gets one notice, not a queue of them.
     */
    notify(text: string) {
      const pending = [screen, ...waiting].some((entry) => entry.kind === 'notice' && entry.text === text)
      if (pending) return
      const entry: Screen = {
        kind: 'notice',
        text,
        close() {
          if (screen === entry) next()
        },
      }
      enqueue(entry)
    },
    /** A new device's request, put to the user of a device that holds the wallet: whether they approve it. */
    askNewDevice(device: NewDevice, signal: AbortSignal): Promise<boolean> {
      return new Promise<boolean>((resolve) => {
        const entry: Screen = {
          kind: 'newDevice',
          device,
          answer(approved) {
            signal.removeEventListener('abort', onAbort)
            resolve(approved)
            if (screen === entry) next()
          },
        }
        // Signed out meanwhile: the question goes, unanswered (the cloud keeps it for another device).
        const onAbort = () => {
          const index = waiting.indexOf(entry)
          if (index >= 0) waiting.splice(index, 1)
          resolve(false)
          if (screen === entry) next()
        }
        signal.addEventListener('abort', onAbort, { once: true })
        enqueue(entry)
      })
    },
    /** This device's wait for its approval, kept current (`update`) until it is closed. */
    showWaiting(state: EnrolmentState, actions: WaitingActions): WaitingScreen {
      let entry: Exclude<Screen, { kind: 'idle' }> = { kind: 'waiting', state, ...actions }
      enqueue(entry)
      return {
        update(next) {
          const updated: Exclude<Screen, { kind: 'idle' }> = { kind: 'waiting', state: next, ...actions }
          const index = waiting.indexOf(entry)
          if (index >= 0) waiting[index] = updated
          const current = screen === entry
          entry = updated
          if (current) show(updated)
        },
        close() {
          const index = waiting.indexOf(entry)
          if (index >= 0) waiting.splice(index, 1)
          if (screen === entry) next()
        },
      }
    },
    showExport: (exporter: Exporter) =>
      new Promise<void>((resolve) => {
        const entry: Screen = {
          kind: 'export',
          exporter,
          close() {
            resolve()
            if (screen === entry) next()
          },
        }
        enqueue(entry)
      }),
  }
}

export type Screens = ReturnType<typeof createScreens>
