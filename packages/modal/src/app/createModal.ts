import { createChains } from '../chains/createChains'
import { restoreCurrent } from '../chains/restoreCurrent'
import { accountFeature } from '../features/account/accountFeature'
import { createAccountProfile } from '../features/account/accountProfile'
import { createAnalyticsFeature } from '../features/analytics/createAnalyticsFeature'
import { connectFeature } from '../features/connect/connectFeature'
import { createConnection } from '../features/connect/createConnection'
import { createWalletSelection } from '../features/connect/createWalletSelection'
import { createNetworkSwitch } from '../features/network/createNetworkSwitch'
import { profileWalletsFeature } from '../features/profileWallets/profileWalletsFeature'
import { createShell } from '../features/shell/createShell'
import { createPairing } from '../features/walletConnect/createPairing'
import { isPairingEntry } from '../features/walletConnect/routes'
import { createBanner } from '../kernel/banner'
import { type Clock, createEnvironment } from '../kernel/environment'
import { createFeatureLoader, type FeatureModule } from '../kernel/feature'
import { createQueryCache } from '../kernel/queryCache'
import { reset } from '../kernel/router'
import { migrateStorageKeys } from '../kernel/storage'
import { createStore } from '../kernel/store'
import { mergeThemeVariables, parseThemeMode } from '../kernel/theme'
import { FIRST_OPEN_WAIT_MS } from './constants'
import type { FeatureContext } from './featureContext'
import type { Modal, ModalOptions, ModalState } from './modal'
import { registerReactions } from './reactions'

/**
 * The composition root (docs/behaviour.md#architecture): builds the kernel, the chain layer and each feature's
 * controller from explicit dependencies, wires the cross-feature rules, and returns the declared `Modal`.
 */
export function createModal(options: ModalOptions): Modal {
  const env = createEnvironment({
    ...options.environment,
    ...(options.isMobile ? { isMobile: options.isMobile } : {}),
  })
  // Before any feature reads the page's storage: what an older version kept under its former prefix moves.
  migrateStorageKeys(env.storage)
  const store = createStore<ModalState>({
    open: false,
    loading: false,
    shake: false,
    router: reset({ view: 'Connect' }),
    error: null,
    themeMode: parseThemeMode(options.themeMode),
    themeVariables: mergeThemeVariables({}, options.themeVariables ?? {}),
  })
  const chains = createChains(options.adapters)
  const banner = createBanner()
  const analytics = createAnalyticsFeature({ options, clock: env.clock, banner })
  const stopRestoringCurrent = restoreCurrent({
    chains,
    storage: env.storage,
    report: (error) => analytics.reportError(error, 'restoreCurrent'),
  })
  const modules = [
    connectFeature,
    accountFeature,
    profileWalletsFeature,
    ...(options.modules ?? []),
  ] as FeatureModule<unknown, FeatureContext>[]
  const cache = createQueryCache(env.clock)
  const accountProfile = createAccountProfile({
    chains,
    cache,
    account: options.api?.account?.bind(options.api),
  })
  const features = createFeatureLoader(
    modules,
    (): FeatureContext => ({ options, env, chains, banner, modal, analytics, cache }),
  )
  const connect = () => features.controller(connectFeature)
  /** What the Connect view lists from the cloud: the project's configuration and the directory's wallets. */
  const loadRemote = async () => {
    await Promise.all([connect().configuration.load(), connect().walletPicker.load()])
  }
  /**
   * Features load once, on first use; a run-time connector that fails to load leaves the others usable. The
   * spinner (`loading`) stays until the cloud's answers are in too, for at most FIRST_OPEN_WAIT_MS: arriving after
   * the view, they grow the centred dialog and move its buttons under the visitor's pointer (a click landing
   * as they move does nothing).
   */
  let loading: Promise<readonly string[]> | undefined
  const loadFeatures = () => {
    if (loading) return loading
    store.setState({ loading: true })
    loading = Promise.all([features.load(), loadConnectors()]).then(async ([loaded]) => {
      await settledWithin(loadRemote(), FIRST_OPEN_WAIT_MS, env.clock)
      store.setState({ loading: false })
      return [...loaded.controllers.keys()]
    })
    return loading
  }
  const prefetch = () => {
    analytics.prefetch()
    return loadFeatures().then(loadRemote)
  }
  const loadConnectors = () =>
    (options.connectors?.() ?? Promise.resolve()).catch((error: unknown) => {
      console.error('The modal could not register its run-time connectors', error)
      analytics.reportError(error, 'connectors')
    })

  const shell = createShell({
    store,
    chains,
    env,
    options,
    onOpened: (entry) => {
      void prefetch()
      if (isPairingEntry(entry)) pairing.pairOnOpen(entry)
    },
  })
  const pairing = createPairing({
    store,
    chains,
    shell,
    env,
    onConnected: (id) => connection.connected(id),
    onFailed: (id, error) => connection.failed(id, error),
    onRelayRefused: (reason) => void loadFeatures().then(() => connect().raiseRefusal(reason)),
  })
  const connection = createConnection({
    store,
    chains,
    shell,
    pairing: () => pairing,
    connectFeature: () => loadFeatures().then(connect),
    analytics,
  })
  const network = createNetworkSwitch({
    store,
    chains,
    shell,
    enabled: options.enableNetworkSwitch ?? true,
    analytics,
    networkNotFound: () => loadFeatures().then(() => connect().raise(connect().alerts.networkNotFound)),
  })
  const releaseReactions = registerReactions({
    store,
    chains,
    shell,
    pairing,
    banner,
    allowUnsupportedChain: options.allowUnsupportedChain ?? false,
    onClosed: () => (features.loaded() ? connect().directory?.reset() : undefined),
    analytics,
  })

  const selection = createWalletSelection({
    hasDirectory: Boolean(options.api),
    allWalletsEnabled: () =>
      features.loaded() ? connect().configuration.getState().features.allWallets : true,
    isMobile: env.isMobile,
    pairingConnector: () => pairing.connector(),
    connect: connection.connect,
    navigate: shell.navigate,
  })

  const modal: Modal = {
    networks: chains.networks,
    banner,
    walletConnectPairing: pairing.pairing,
    getState: store.getState,
    subscribe: store.subscribe,
    getAccount: chains.getAccount,
    getConnections: chains.getConnections,
    subscribeAccount: chains.subscribe,
    getAccountProfile: accountProfile.get,
    subscribeAccountProfile: accountProfile.subscribe,
    getConnectors: chains.getConnectors,
    getActiveNetwork: chains.getActiveNetwork,
    open: shell.open,
    viewToOpen: shell.viewToOpen,
    close: shell.close,
    dismiss: shell.dismiss,
    back: shell.back,
    navigate: shell.navigate,
    home: () =>
      shell.setRouter({
        history: [{ view: chains.getAccount().address ? 'Account' : 'Connect' }],
        direction: 'prev',
      }),
    connect: connection.connect,
    disconnect: connection.disconnect,
    switchConnection: chains.switchConnection,
    switchNetwork: network.switchNetwork,
    switchActiveChain(namespace) {
      chains.setActiveNamespace(namespace)
      shell.setRouter(reset({ view: chains.getAccount(namespace).address ? 'Account' : 'Connect' }))
    },
    setThemeMode: (mode) => store.setState({ themeMode: parseThemeMode(mode) }),
    setThemeVariables: (variables) =>
      store.setState({ themeVariables: mergeThemeVariables(store.getState().themeVariables, variables) }),
    ...selection,
    isMobile: env.isMobile,
    loadFeatures,
    prefetch,
    feature: (module) => features.controller(module as FeatureModule<never, FeatureContext>),
    featureViews: features.loaded,
    refreshAccount: (transactionHash) =>
      features.loaded() ? features.controller(accountFeature).refresh(transactionHash) : Promise.resolve(),
    destroy() {
      stopRestoringCurrent()
      releaseReactions()
      accountProfile.destroy()
      features.destroy()
      pairing.cancel()
      shell.destroy()
      banner.hide()
      analytics.destroy()
      chains.destroy()
    },
  }
  return modal
}

/** Resolves when `work` settles or `ms` have passed, whichever is first. */
function settledWithin(work: Promise<unknown>, ms: number, clock: Clock): Promise<void> {
  let timer: unknown
  const elapsed = new Promise<void>((resolve) => {
    timer = clock.setTimeout(resolve, ms)
  })
  return Promise.race([
    work.then(
      () => {},
      () => {},
    ),
    elapsed,
  ]).finally(() => clock.clearTimeout(timer))
}
