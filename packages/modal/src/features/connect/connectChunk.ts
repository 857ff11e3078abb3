import type { WalletListing } from '@allaccess/protocol'
import type { FeatureContext } from '../../app/featureContext'
import { connectionKey, keyOf, onConnect } from '../../chains/connectionRules'
import type { Network } from '../../chains/types'
import { EMBEDDED_CONNECTOR_TYPES } from '../../embedded/embeddedConnectorTypes'
import { ALERTS, type Alert, alertForRefusal, showAlert } from '../../kernel/alerts'
import { createStore } from '../../kernel/store'
import { createConfiguration } from './configuration'
import { installedConnector } from './installedConnector'
import { connectLazyCss } from './views/Connect/connectLazy.css'
import { createWalletDirectory } from './walletDirectory'
import { createWalletPicker } from './walletPicker'

/**
 * What the modal needs only once it is used (docs/behaviour.md#connect): the project's remote configuration,
 * the wallet picker, the directory of All Wallets and the alerts. A chunk of its own, fetched on first use.
 */
/** The legal checkbox's links: the site's terms and privacy policy (either may be left out). */
export type LegalLinks = { terms: string | undefined; privacy: string | undefined }

export function createConnectFeature({ options, env, chains, banner, modal, analytics }: FeatureContext) {
  const raise = (alert: Alert) => showAlert(banner, alert)
  const { api } = options
  const configuration = createConfiguration(options, raise, (error) =>
    analytics.reportError(error, 'configuration'),
  )
  const walletPicker = createWalletPicker(
    { ...options, storage: env.storage, now: env.clock.now },
    {
      getConnectors: chains.getConnectors,
      isMobile: env.isMobile,
      onError: (error) => analytics.reportError(error, 'walletPicker'),
    },
  )
  /** One per modal, kept across views: going back to All Wallets shows the pages already loaded. */
  const directory = api
    ? createWalletDirectory(api, {
        installedRdns: () => chains.getConnectors().flatMap((connector) => connector.info?.rdns ?? []),
        onError: (error) => analytics.reportError(error, 'directory'),
      })
    : undefined

  return {
    alerts: ALERTS,
    raise,
    /** Raises the alert a refusal text of the cloud names (docs/behaviour.md#configuration), if it names one. */
    raiseRefusal(message: string) {
      const alert = alertForRefusal(message)
      if (alert) raise(alert)
    },
    /**
     * Whether picking a connector is refused (chains/connectionRules.ts): a second wallet of its namespace while
     * the project's `multiWallet` is off, with the alert 'Multi-Wallet Not Enabled'. An open one only switches.
     */
    refusesWallet(connectorId: string): boolean {
      const namespace = chains.getConnectors().find((connector) => connector.id === connectorId)?.chain
      // A connector no adapter lists fails as it connects, with its own error.
      if (!namespace) return false
      const open = [...chains.getConnections().connections.values()].map(keyOf)
      const multiWallet = configuration.getState().features.multiWallet
      if (onConnect(open, connectionKey(namespace, connectorId), multiWallet) !== 'refuse') return false
      raise(ALERTS.multiWalletNotEnabled)
      return true
    },
    /**
     * A wallet connected (docs/behaviour.md#connecting): it is the one acted on, whichever family the modal was on
     * (also over WalletConnect): its family becomes the active one, unless its connection spans the active one too
     * (MULTI_CHAIN), as a switch in the Wallets view does. It is a recent wallet unless it is the embedded one (one
     * connector for e-mail and every provider would list as "E-mail").
     */
    async connected(connectorId: string): Promise<void> {
      const connector = chains.getConnectors().find((candidate) => candidate.id === connectorId)
      if (!connector) return
      if (!EMBEDDED_CONNECTOR_TYPES.has(connector.type)) {
        const imageUrl = connector.imageUrl ?? connector.info?.icon
        walletPicker.remember({
          id: connector.id,
          name: connector.name,
          ...(imageUrl ? { imageUrl } : {}),
          ...(connector.info?.rdns ? { rdns: connector.info.rdns } : {}),
        })
      }
      const made = chains.getConnections().current[connector.chain]
      if (made)
        await chains.switchConnection(made).catch((error: unknown) => analytics.reportError(error, 'connect'))
    },
    /** Remote features and alerts. */
    configuration,
    /** The Connect view's sections. */
    walletPicker,
    /** All Wallets' pages and search; undefined without the cloud's directory (`api`). */
    directory,
    /** The cloud's address of a wallet's image, when the site has the directory. */
    walletImageUrl: (imageId: string) => api?.walletImageUrl(imageId),
    /** A network's own image, else the cloud's for its asset id or CAIP-2 id, when the site has the cloud. */
    networkImageUrl: (network: Network) =>
      network.assets?.imageUrl ?? api?.networkImageUrl(network.assets?.imageId ?? network.caipNetworkId),
    /** The Connect view's method order, when the site sets one. */
    connectMethodsOrder: options.connectMethodsOrder,
    /** The legal checkbox's links; without either there is nothing to accept, and no checkbox. */
    legalLinks:
      options.termsConditionsUrl || options.privacyPolicyUrl
        ? { terms: options.termsConditionsUrl, privacy: options.privacyPolicyUrl }
        : undefined,
    /** Whether the visitor accepted them (feature legalCheckbox), for the page's life. */
    consent: createStore({ accepted: false }),
    /** A directory wallet already loaded by All Wallets or the Connect view's picks, if any. */
    knownWallet(walletId: string | undefined): WalletListing | undefined {
      if (!walletId) return undefined
      return (
        directory?.find(walletId) ??
        walletPicker.getOptions().find((option) => option.listing?.id === walletId)?.listing
      )
    },
    /** A wallet of the All Wallets grid: connect the browser's own extension, else pair its app. */
    selectListing(wallet: WalletListing): Promise<void> {
      const connector = installedConnector(chains.getConnectors(), wallet)
      return connector ? modal.connect(connector.id) : modal.selectDirectoryWallet(wallet.id)
    },
  }
}

export type ConnectFeature = ReturnType<typeof createConnectFeature>

export const chunk = { create: createConnectFeature, css: connectLazyCss }
