import type { ModalState, OpenOptions } from '../../app/modal'
import type { Chains } from '../../chains/createChains'
import type { Environment } from '../../kernel/environment'
import { currentEntry, push, type RouterState, replace, reset } from '../../kernel/router'
import type { RouteEntry } from '../../kernel/routes'
import type { Store } from '../../kernel/store'
import { SHAKE_MS } from './constants'
import { backFrom, type OpenContext, resolveOpenView, viewAfterClose } from './openRules'

export type ShellDeps = {
  store: Store<ModalState>
  chains: Chains
  env: Environment
  options: { embeddedMode?: boolean; manualPairing?: boolean }
  /** Called with the view the modal opened on, after the store shows it. */
  onOpened: (entry: RouteEntry) => void
}

/**
 * Opening, closing and navigating (docs/behaviour.md#opening, #closing, #navigation): the router's history in
 * the store, the opening rules, the backdrop's refusal on an unconfigured network.
 */
export function createShell({ store, chains, env, options, onOpened }: ShellDeps) {
  let shakeTimer: unknown

  const setRouter = (router: RouterState) => store.setState({ router, error: null })
  const navigate = (entry: RouteEntry) => setRouter(push(store.getState().router, entry))
  /** Shows `entry` in place of the current view when that is one of `views`, else on top of it. */
  function show(entry: RouteEntry, replacing: readonly RouteEntry['view'][]) {
    const { router } = store.getState()
    const current = currentEntry(router).view
    setRouter(replacing.includes(current) ? replace(router, entry) : push(router, entry))
  }

  const isOnUnsupportedChain = (account = chains.getAccount()) =>
    Boolean(account.address && account.chainId !== undefined && !account.network)

  /** The view `open(request)` shows now, by the opening rules. */
  function viewToOpen(request: OpenOptions = {}): RouteEntry {
    const account = chains.getAccount()
    const context: OpenContext = {
      requested: request.view ? ({ view: request.view, data: request.data } as RouteEntry) : undefined,
      targetNamespace: request.namespace,
      activeNamespace: chains.state.getState().activeNamespace,
      address: account.address,
      adapterCount: chains.adapters.length,
      isMobile: env.isMobile(),
      manualPairing: options.manualPairing ?? false,
      onUnsupportedChain: isOnUnsupportedChain(account),
    }
    if (context.requested && !context.requested.data) delete context.requested.data
    return resolveOpenView(context)
  }

  function open(request: OpenOptions = {}) {
    const entry = viewToOpen(request)
    store.setState({ open: true, router: reset(entry), error: null })
    onOpened(entry)
  }

  /** Escape, × and the views' own buttons: always closes (the site's own "Switch network" stays reachable). */
  function close(): boolean {
    const connected = Boolean(chains.getAccount().address)
    store.setState({
      open: false,
      router: reset({ view: viewAfterClose({ embeddedMode: options.embeddedMode ?? false, connected }) }),
      error: null,
    })
    return true
  }

  /**
   * A click on the backdrop closes too, but not UnsupportedChain while the wallet sits on an unconfigured network:
   * a click beside it is more likely a slip than a choice, so the dialog shakes (Escape and × still close it).
   */
  function dismiss(): boolean {
    if (currentEntry(store.getState().router).view === 'UnsupportedChain' && isOnUnsupportedChain()) {
      shake()
      return false
    }
    return close()
  }

  function shake() {
    env.clock.clearTimeout(shakeTimer)
    store.setState({ shake: true })
    shakeTimer = env.clock.setTimeout(() => store.setState({ shake: false }), SHAKE_MS)
  }

  function back() {
    const result = backFrom(store.getState().router, { connected: Boolean(chains.getAccount().address) })
    if (result.kind === 'close') close()
    else setRouter(result.state)
  }

  return {
    open,
    viewToOpen,
    close,
    dismiss,
    back,
    navigate,
    show,
    setRouter,
    isOnUnsupportedChain,
    destroy: () => env.clock.clearTimeout(shakeTimer),
  }
}

export type Shell = ReturnType<typeof createShell>
