import type { ProviderRpcErrorShape } from './errors'
import type { WalletEvent, WalletInfo } from './types'

export interface PageProviderConfig {
  info: WalletInfo
  /** Name of the Playwright binding that carries requests to Node. */
  bindingName: string
  /** Name of the page global through which Node delivers events. */
  eventsKey: string
  injectWindowEthereum: boolean
}

/** What the binding returns: errors travel as plain data so their `code` survives the crossing. */
export type BridgeReply = { ok: true; result: unknown } | { ok: false; error: ProviderRpcErrorShape }

export interface BridgeRequest {
  method: string
  params?: unknown
}

type Listener = (value: unknown) => void

/**
 * Runs INSIDE the page (Playwright serialises it into an init script), so it must not use anything from the
 * module scope: everything it needs arrives in `config`.
 */
export function installPageProvider(config: PageProviderConfig): void {
  const scope = window as unknown as Record<string, unknown>
  const listeners = new Map<string, { listener: Listener; once: boolean }[]>()
  let connected = true

  const toError = ({ code, message, data }: ProviderRpcErrorShape) => {
    const error = Object.assign(new Error(message), { code }, data === undefined ? {} : { data })
    error.name = 'ProviderRpcError'
    return error
  }

  const emit = (event: string, value: unknown) => {
    const entries = listeners.get(event) ?? []
    listeners.set(
      event,
      entries.filter((entry) => !entry.once),
    )
    for (const { listener } of entries) {
      // One throwing listener must not keep the event from the others.
      try {
        listener(value)
      } catch (error) {
        queueMicrotask(() => {
          throw error
        })
      }
    }
  }

  const addListener = (event: string, listener: Listener, once: boolean) => {
    listeners.set(event, [...(listeners.get(event) ?? []), { listener, once }])
    return provider
  }

  const removeListener = (event: string, listener: Listener) => {
    listeners.set(
      event,
      (listeners.get(event) ?? []).filter((entry) => entry.listener !== listener),
    )
    return provider
  }

  const provider = {
    async request(args: BridgeRequest): Promise<unknown> {
      if (typeof args !== 'object' || args === null || typeof args.method !== 'string') {
        throw toError({ code: -32600, message: 'request() expects { method: string, params?: unknown }.' })
      }
      const callWallet = scope[config.bindingName] as (request: BridgeRequest) => Promise<BridgeReply>
      const reply = await callWallet({ method: args.method, params: args.params })
      if (!reply.ok) throw toError(reply.error)
      return reply.result
    },
    on: (event: string, listener: Listener) => addListener(event, listener, false),
    addListener: (event: string, listener: Listener) => addListener(event, listener, false),
    once: (event: string, listener: Listener) => addListener(event, listener, true),
    removeListener,
    off: removeListener,
    isConnected: () => connected,
  }

  Object.defineProperty(window, config.eventsKey, {
    value: (event: WalletEvent) => {
      if (event.name === 'disconnect') {
        connected = false
        emit(event.name, toError(event.payload))
        return
      }
      if (event.name === 'connect') connected = true
      emit(event.name, event.payload)
    },
  })

  const detail = Object.freeze({ info: Object.freeze({ ...config.info }), provider })
  const announce = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
  window.addEventListener('eip6963:requestProvider', announce)
  announce()

  if (config.injectWindowEthereum) scope.ethereum = provider
}
