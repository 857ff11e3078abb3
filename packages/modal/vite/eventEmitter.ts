type Listener = (...args: never[]) => void
type Registered = { listener: Listener; once: boolean }

/**
 * The part of Node's `EventEmitter` WalletConnect's clients call, in place of the `events` polyfill (~2 KiB gzip):
 * listeners run in the order added, on a copy of the list (one removed during an emit still runs), `once` ones
 * are removed before they run, and an 'error' nobody listens to is thrown, as Node does.
 */
export class EventEmitter {
  private readonly listenersByEvent = new Map<string | symbol, Registered[]>()
  private maxListeners = 10

  private add(event: string | symbol, listener: Listener, once: boolean): this {
    this.listenersByEvent.set(event, [...(this.listenersByEvent.get(event) ?? []), { listener, once }])
    return this
  }

  on(event: string | symbol, listener: Listener): this {
    return this.add(event, listener, false)
  }

  addListener(event: string | symbol, listener: Listener): this {
    return this.add(event, listener, false)
  }

  once(event: string | symbol, listener: Listener): this {
    return this.add(event, listener, true)
  }

  private drop(event: string | symbol, entry: Registered | undefined): this {
    const rest = (this.listenersByEvent.get(event) ?? []).filter((registered) => registered !== entry)
    if (rest.length) this.listenersByEvent.set(event, rest)
    else this.listenersByEvent.delete(event)
    return this
  }

  /** Removes the most recently added registration of `listener`, as Node does. */
  removeListener(event: string | symbol, listener: Listener): this {
    const registered = this.listenersByEvent.get(event) ?? []
    return this.drop(
      event,
      [...registered].reverse().find((entry) => entry.listener === listener),
    )
  }

  off(event: string | symbol, listener: Listener): this {
    return this.removeListener(event, listener)
  }

  removeAllListeners(event?: string | symbol): this {
    if (event === undefined) this.listenersByEvent.clear()
    else this.listenersByEvent.delete(event)
    return this
  }

  emit(event: string | symbol, ...args: unknown[]): boolean {
    const registered = this.listenersByEvent.get(event)
    if (!registered) {
      if (event === 'error')
        throw args[0] instanceof Error ? args[0] : new Error(`Unhandled error. (${args[0]})`)
      return false
    }
    for (const entry of registered) {
      if (entry.once) this.drop(event, entry)
      ;(entry.listener as (...args: unknown[]) => void).apply(this, args)
    }
    return true
  }

  listenerCount(event: string | symbol): number {
    return this.listenersByEvent.get(event)?.length ?? 0
  }

  listeners(event: string | symbol): Listener[] {
    return (this.listenersByEvent.get(event) ?? []).map((entry) => entry.listener)
  }

  setMaxListeners(count: number): this {
    this.maxListeners = count
    return this
  }

  getMaxListeners(): number {
    return this.maxListeners
  }
}

export default EventEmitter
