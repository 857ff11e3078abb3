import type { Modal } from '../app/modal'
import type { LegalLinks } from '../features/connect/connectChunk'
import { connectFeature } from '../features/connect/connectFeature'
import { type ConnectMethod, offeredConnectMethods } from '../features/connect/connectMethods'
import type { WalletOption, WalletSection } from '../features/connect/walletSections'
import type { ErrorText } from '../kernel/errors'
import { currentEntry } from '../kernel/router'
import { deriveFromFeature, type Readable } from './readable'

/** The rows of one section of the wallet list, in the list's order. */
export type WalletSectionRows = { section: WalletSection; wallets: WalletOption[] }

/** What a connect menu of a site's own shows, by the rules of the modal's Connect view (docs/behaviour.md#wallet-picker). */
export type ConnectMenuState = {
  /** false until the modal's features are in (the first use fetches them; `load()` asks for them). */
  ready: boolean
  /** The connect methods to offer, in their order: e-mail, social, wallet; wallet first when the browser has one. */
  methods: ConnectMethod[]
  /** Every wallet row, sections in their order. */
  wallets: WalletOption[]
  /** The same rows by section: WalletConnect, recent, installed, featured, custom, external, recommended. */
  sections: WalletSectionRows[]
  /** Offer All Wallets (the directory, with the remote switch on). */
  showsAllWallets: boolean
  /** On a phone WalletConnect's row leads to the wallet apps, not a QR code. */
  walletConnectOpensApps: boolean
  /** The directory did not answer: the list lacks its wallets (say the list is incomplete). */
  directoryUnavailable: boolean
  /**
   * The cloud gave no answer at all: e-mail and social login can't work until it does (offer them disabled and
   * say so, as the Connect view does); wallets still connect.
   */
  cloudUnreachable: boolean
  /** The legal checkbox's links, when the project's `legalCheckbox` switch is on and the site gave a link. */
  legal: LegalLinks | undefined
  /** No wallet can be picked until the visitor accepts the terms (`accept(true)`). */
  locked: boolean
  /** The `collapseWallets` switch: show one "Continue with a wallet" entry that opens the list. */
  collapsed: boolean
  /** The wallet being connected, and the failure's text once it failed (a pick again tries again). */
  connecting: { connectorId: string; error: ErrorText | null } | undefined
}

export type ConnectMenu = Readable<ConnectMenuState> & {
  /** Fetches the features, the project's configuration and the directory's wallets (once). */
  load(): Promise<void>
  /** Connects the wallet of a row (a directory wallet pairs over WalletConnect); refused while `locked`. */
  select(wallet: WalletOption): Promise<void>
  /** The visitor's answer to the legal checkbox, for the page's life. */
  accept(accepted: boolean): void
}

const NOT_READY: ConnectMenuState = {
  ready: false,
  methods: [],
  wallets: [],
  sections: [],
  showsAllWallets: false,
  walletConnectOpensApps: false,
  directoryUnavailable: false,
  cloudUnreachable: false,
  legal: undefined,
  locked: false,
  collapsed: false,
  connecting: undefined,
}

/**
 * A connect menu of the site's own over the modal's state and rules: the same wallets, sections, method order,
 * switches and connecting as the modal's Connect view, framework-free.
 */
export function createConnectMenu(modal: Modal): ConnectMenu {
  const readable = deriveFromFeature(modal, connectFeature, {
    stores: (connect) => [connect.walletPicker, connect.configuration, connect.consent],
    inputs: (connect) =>
      connect
        ? [
            modal.getState(),
            connect.walletPicker.getOptions(),
            connect.walletPicker.getState(),
            connect.configuration.getState(),
            connect.consent.getState(),
          ]
        : [modal.getState()],
    compute(connect) {
      const views = modal.featureViews()
      if (!connect || !views) return NOT_READY
      const wallets = connect.walletPicker.getOptions()
      const { features } = connect.configuration.getState()
      const legal = features.legalCheckbox ? connect.legalLinks : undefined
      const entry = currentEntry(modal.getState().router)
      return {
        ready: true,
        methods: offeredConnectMethods({
          wallets,
          features,
          brought: {
            email: Boolean(views.slots['connect:email']),
            social: Boolean(views.slots['connect:social']),
          },
          configured: connect.connectMethodsOrder,
        }),
        wallets,
        sections: walletSectionRows(wallets),
        showsAllWallets: modal.showsAllWallets(),
        walletConnectOpensApps: modal.walletConnectOpensApps(),
        directoryUnavailable: connect.walletPicker.getState().directoryUnavailable,
        cloudUnreachable: connect.walletPicker.getState().cloudUnreachable,
        legal,
        locked: Boolean(legal) && !connect.consent.getState().accepted,
        collapsed: features.collapseWallets,
        connecting:
          entry.view === 'ConnectingExternal'
            ? { connectorId: entry.data.connectorId, error: modal.getState().error }
            : undefined,
      }
    },
  })
  return {
    ...readable,
    load: () => modal.prefetch(),
    async select(wallet) {
      await modal.loadFeatures()
      if (readable.getState().locked) return
      await modal.selectWallet(wallet)
    },
    accept(accepted) {
      if (modal.featureViews()) modal.feature(connectFeature).consent.setState({ accepted })
    },
  }
}

/** Rows grouped by section, in the order they come (the picker's section order). */
export function walletSectionRows(wallets: readonly WalletOption[]): WalletSectionRows[] {
  const rows: WalletSectionRows[] = []
  for (const wallet of wallets) {
    const last = rows.at(-1)
    if (last?.section === wallet.section) last.wallets.push(wallet)
    else rows.push({ section: wallet.section, wallets: [wallet] })
  }
  return rows
}
