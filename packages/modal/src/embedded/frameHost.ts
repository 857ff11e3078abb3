import {
  FRAME_ERROR_TEXTS,
  FRAME_INTERACTIVE_TIMEOUT_MS,
  FRAME_LOAD_TIMEOUT_MS,
  FRAME_READY_DELAY_MS,
  type FramePayload,
  type FrameReply,
  type FrameRequestType,
  frameMessages,
  parseFrameMessage,
  parseReply,
} from '@allaccess/frame-protocol'
import { type Clock, systemClock } from '../kernel/environment'
import { ModalError } from '../kernel/errors'

/** The frame was not ready in time: 'Network Error - Could not load embedded wallet' (docs/behaviour.md#email). */
export class FrameLoadError extends ModalError<'frameLoad'> {
  override name = 'FrameLoadError'
  constructor(message: string) {
    super('frameLoad', message)
  }
}
/** An interactive request got no answer in time: 'Embedded Wallet Request Timed Out' (docs/behaviour.md#email). */
export class FrameTimeoutError extends ModalError<'frameTimeout'> {
  override name = 'FrameTimeoutError'
  constructor(message: string) {
    super('frameTimeout', message)
  }
}
/** The frame refused a request: its text and, for RPC, the EIP-1193 code. */
export class FrameRequestError extends ModalError<'frameRefused'> {
  override name = 'FrameRequestError'
  constructor(
    message: string,
    /** The EIP-1193 code of a refused RPC request (4001: the user said no). */
    readonly rpcCode?: number,
  ) {
    super('frameRefused', message)
  }
}

/** The requests that wait on the user (a code, an e-mail, a link, a provider): 120 s (docs/behaviour.md#email). */
const INTERACTIVE: ReadonlySet<FrameRequestType> = new Set([
  'connectEmail',
  'connectDevice',
  'connectOtp',
  'getSocialRedirectUri',
  'connectSocial',
])

export type FrameHostOptions = {
  /** The frame's page, on its own origin (e.g. `http://127.0.0.1:8788/`). */
  frameUrl: string
  projectId: string
  chainId: number
  /** The chain's RPC as the frame should use it: the cloud's gateway. */
  rpcUrl: string
  version: string
  enableLogger?: boolean
  clock?: Clock
}

/** What the frame host reports to the modal's analytics (docs/behaviour.md#email). */
export type FrameEvent = 'iframe_load_failed' | 'iframe_request_timeout'

const STYLES = `
dialog { padding: 0; border: none; border-radius: 16px; width: min(360px, calc(100vw - 32px));
  height: min(560px, calc(100vh - 32px)); background: transparent; overflow: hidden; }
dialog::backdrop { background: rgb(0 0 0 / 0.4); }
iframe { border: none; width: 100%; height: 100%; display: block; color-scheme: normal; }
`

type Pending = {
  type: FrameRequestType
  resolve(value: unknown): void
  reject(error: Error): void
  timer: unknown
}

/**
 * The host's end of the embedded wallet (docs/embedded-wallet.md): a hidden frame on the frame's own origin,
 * created on first use inside a `<dialog>` of its own (in a shadow root, so the page's CSS can't reach it). It
 * accepts messages only from that frame's window and origin, parses each one, and answers each request once.
 * When the frame needs the user (an approval, the key export) the dialog opens as a modal above the modal.
 */
export function createFrameHost(options: FrameHostOptions) {
  const clock = options.clock ?? systemClock
  const frameOrigin = new URL(options.frameUrl).origin
  const pending = new Map<string, Pending>()
  const visibilityListeners = new Set<(visible: boolean) => void>()
  const reauthListeners = new Set<() => void>()
  const sessionListeners = new Set<(handle: string | null) => void>()
  const eventListeners = new Set<(event: FrameEvent) => void>()
  const report = (event: FrameEvent) => {
    for (const listener of eventListeners) listener(event)
  }
  let iframe: HTMLIFrameElement | undefined
  let dialog: HTMLDialogElement | undefined
  let ready: Promise<void> | undefined

  function frameSrc() {
    const url = new URL(options.frameUrl)
    url.searchParams.set('projectId', options.projectId)
    url.searchParams.set('chainId', String(options.chainId))
    url.searchParams.set('version', options.version)
    url.searchParams.set('enableLogger', String(options.enableLogger ?? false))
    url.searchParams.set('rpcUrl', options.rpcUrl)
    return url.href
  }

  function onMessage(event: MessageEvent) {
    if (!iframe || event.source !== iframe.contentWindow || event.origin !== frameOrigin) return
    const message = parseFrameMessage(event.data)
    if (!message) return
    if (message.type === 'ready') return onReady?.()
    if (message.type === 'visibility') return setVisible(message.visible)
    if (message.type === 'socialReauthAgain') {
      for (const listener of reauthListeners) listener()
      return
    }
    if (message.type === 'sessionUpdate') {
      for (const listener of sessionListeners) listener(message.token)
      return
    }
    const request = pending.get(message.id)
    if (!request) return
    pending.delete(message.id)
    clock.clearTimeout(request.timer)
    if (message.type === 'error')
      return request.reject(new FrameRequestError(message.error.message, message.error.code))
    const reply = parseReply(request.type, message.payload)
    if (reply === undefined) request.reject(new FrameRequestError(FRAME_ERROR_TEXTS.default))
    else request.resolve(reply)
  }
  let onReady: (() => void) | undefined

  function setVisible(visible: boolean) {
    if (!dialog) return
    if (visible && !dialog.open) {
      dialog.showModal()
      iframe?.focus()
    }
    if (!visible && dialog.open) dialog.close()
    for (const listener of visibilityListeners) listener(visible)
  }

  function mount(): HTMLIFrameElement {
    const host = document.createElement('div')
    host.dataset.allaccessEmbeddedWallet = ''
    const shadow = host.attachShadow({ mode: 'open' })
    const sheet = new CSSStyleSheet()
    sheet.replaceSync(STYLES)
    shadow.adoptedStyleSheets = [sheet]
    dialog = document.createElement('dialog')
    dialog.setAttribute('aria-label', 'Wallet')
    // Escape on the dialog itself (focus outside the frame) turns the open approval down, as the frame's would.
    dialog.addEventListener('cancel', (event) => {
      event.preventDefault()
      void request('rpcAbort', {}).catch(() => {})
    })
    const frame = document.createElement('iframe')
    frame.title = 'Wallet'
    // The export screen's Copy key writes the clipboard from inside the frame (a cross-origin frame needs the grant).
    frame.allow = 'clipboard-write'
    frame.src = frameSrc()
    dialog.append(frame)
    shadow.append(dialog)
    document.body.append(host)
    return frame
  }

  /** Adds the frame (once) and waits for its `ready`, then the spec's initialisation delay. */
  function whenReady(): Promise<void> {
    ready ??= new Promise<void>((resolve, reject) => {
      window.addEventListener('message', onMessage)
      const timer = clock.setTimeout(() => {
        report('iframe_load_failed')
        ready = undefined
        reject(new FrameLoadError('Network Error - Could not load embedded wallet'))
      }, FRAME_LOAD_TIMEOUT_MS)
      onReady = () => {
        onReady = undefined
        clock.clearTimeout(timer)
        clock.setTimeout(resolve, FRAME_READY_DELAY_MS)
      }
      iframe ??= mount()
    })
    return ready
  }

  async function request<T extends FrameRequestType>(
    type: T,
    payload: FramePayload<T>,
    { timeoutMs }: { timeoutMs?: number } = {},
  ): Promise<FrameReply<T>> {
    await whenReady()
    const target = iframe?.contentWindow
    if (!target) throw new FrameLoadError('Network Error - Could not load embedded wallet')
    const id = crypto.randomUUID()
    const limit = timeoutMs ?? (INTERACTIVE.has(type) ? FRAME_INTERACTIVE_TIMEOUT_MS : undefined)
    return new Promise<FrameReply<T>>((resolve, reject) => {
      const timer =
        limit === undefined
          ? undefined
          : clock.setTimeout(() => {
              pending.delete(id)
              if (INTERACTIVE.has(type)) report('iframe_request_timeout')
              reject(new FrameTimeoutError('Embedded Wallet Request Timed Out'))
            }, limit)
      pending.set(id, { type, resolve: resolve as (value: unknown) => void, reject, timer })
      target.postMessage(frameMessages.request(id, type, payload), frameOrigin)
    })
  }

  return {
    frameOrigin,
    version: options.version,
    /** Adds the frame now (a stored e-mail login on load), without a request. */
    preload: () => whenReady(),
    request,
    onEvent(listener: (event: FrameEvent) => void) {
      eventListeners.add(listener)
      return () => eventListeners.delete(listener)
    },
    onVisibility(listener: (visible: boolean) => void) {
      visibilityListeners.add(listener)
      return () => visibilityListeners.delete(listener)
    },
    /**
     * The frame's session changed (the spec's "session update gives token"): its handle, an opaque id for
     * isConnected's `token`, or null once there is none. Never the session's bearer token.
     */
    onSessionUpdate(listener: (handle: string | null) => void) {
      sessionListeners.add(listener)
      return () => sessionListeners.delete(listener)
    },
    /** The export screen's Try again, for a social user: the frame asks for the provider's popup again. */
    onSocialReauthAgain(listener: () => void) {
      reauthListeners.add(listener)
      return () => reauthListeners.delete(listener)
    },
  }
}

export type FrameHost = ReturnType<typeof createFrameHost>
