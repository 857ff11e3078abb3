import {
  type FrameError,
  type FramePayload,
  type FrameReply,
  type FrameRequestType,
  frameMessages,
  parseHostMessage,
} from '@allaccess/frame-protocol'

export type RequestHandlers = {
  [T in FrameRequestType]: (payload: FramePayload<T>, signal: AbortSignal) => Promise<FrameReply<T>>
}

/**
 * reload (docs/embedded-wallet.md#account-type): the frame answers, then loads itself again. The channel posts a
 * reply in the microtask after its handler resolves; a timer runs only after that, so the host has its answer before
 * the frame goes away.
 */
export const replyThenReload =
  (reload: () => void): RequestHandlers['reload'] =>
  async () => {
    setTimeout(reload, 0)
    return {}
  }

/** The most requests one host may have open at once; more are answered with an error at once. */
export const MAX_OPEN_REQUESTS = 32

/**
 * The frame's end of the postMessage channel: it listens only to its parent window on the one origin it checked
 * against the project's allowlist, parses every message, answers each request once (to that origin only) and
 * drops everything else without a word (docs/embedded-wallet.md#messages).
 */
export function startHostChannel({
  window: frameWindow,
  hostOrigin,
  handlers,
  describeError,
  afterEach,
}: {
  window: Window
  hostOrigin: string
  handlers: RequestHandlers
  describeError(error: unknown): FrameError
  /** After each request was answered (the frame's session updates). */
  afterEach?: () => Promise<void>
}) {
  const open = new Map<string, AbortController>()
  const post = (message: unknown) => frameWindow.parent.postMessage(message, hostOrigin)

  async function answer(id: string, type: FrameRequestType, payload: unknown) {
    const controller = new AbortController()
    open.set(id, controller)
    try {
      const handler = handlers[type] as (payload: unknown, signal: AbortSignal) => Promise<unknown>
      post(frameMessages.success(id, await handler(payload, controller.signal)))
    } catch (error) {
      post(frameMessages.error(id, describeError(error)))
    } finally {
      open.delete(id)
      await afterEach?.().catch(() => {})
    }
  }

  function onMessage(event: MessageEvent) {
    if (event.source !== frameWindow.parent || event.origin !== hostOrigin) return
    const message = parseHostMessage(event.data)
    if (!message || open.has(message.id)) return
    if (open.size >= MAX_OPEN_REQUESTS) {
      post(frameMessages.error(message.id, { message: 'Too many open requests' }))
      return
    }
    void answer(message.id, message.type, message.payload)
  }

  frameWindow.addEventListener('message', onMessage)
  post(frameMessages.ready())
  return {
    post,
    /** Aborts every open request (sign-out). */
    abortAll: () => {
      for (const controller of open.values()) controller.abort()
    },
    stop: () => frameWindow.removeEventListener('message', onMessage),
  }
}
