import { CodedError, defineErrorsOver } from '@allaccess/protocol'

/** The error texts of the product's catalogue, each named once (docs/behaviour.md). Tests assert these exact strings. */
export const ConnectionErrorText = {
  modalClosed: 'Modal closed',
  connectionRejected: 'Connection rejected',
  failedToConnect: 'Failed to connect',
  noConnectorForConnection: 'No connector found for connection',
  invalidConnectionStatus: 'Invalid connection status',
  unsupportedChain: 'Unsupported chain',
  chainAdapterNotFound: 'Chain adapter not found',
  invalidCaipAddress: 'Invalid CAIP Address',
} as const

export const WalletErrorText = {
  /**
   * Not raised by the EVM adapter: before a send, wagmi itself compares the wallet's chain with the transaction's.
   * Kept for an adapter that reads its wallet's provider directly (the Solana adapter, a later feature).
   */
  chainIdNotFound: 'ChainId not found in provider',
  connectorUndefined: 'connector is undefined',
  /** A feature needs the chain's wallet actions (balances, sending, signing) and the adapter has none. */
  noWalletActions: 'The chain adapter has no wallet actions',
  noNetworkSwitching: "The chain adapter can't switch networks",
  /** Beyond the product catalogue: a family whose adapter holds one connection at a time. */
  noConnectionSwitching: "The chain adapter can't switch connections",
  /** A wallet's EIP-5792 capabilities that are no JSON object (docs/behaviour.md#asset-discovery). */
  errorParsingCapabilities: 'Error parsing wallet capabilities',
  /** Beyond the product catalogue: only a plan the family prepared is sent, at the fee the visitor saw. */
  unknownTransferPlan: 'The transfer was not prepared by this wallet: prepare it again',
  providerUndefined: 'provider is undefined',
  namespaceRequired: 'namespace is required',
  networkSwitchRejected: 'Network switch rejected',
} as const

/** Bad theme input from the host page (beyond the product catalogue; docs/behaviour.md#errors): said plainly instead of silently ignored. */
export const ThemeErrorText = {
  invalidThemeMode: "Invalid theme mode: use 'light', 'dark' or undefined",
  invalidThemeVariable: "Invalid theme variable: names start with '--aap-', values are strings",
} as const

/** Shown in the banner when the browser refuses the clipboard (beyond the product catalogue; docs/behaviour.md#errors). */
export const ClipboardErrorText = {
  copyFailed: 'Couldn’t copy the address',
  copyLinkFailed: 'Couldn’t copy the link',
  copyHashFailed: 'Couldn’t copy the transaction hash',
} as const

/** What a form says when the account holds less than it would spend (Send's and Swap's one text). */
export const FundsErrorText = { notEnoughFunds: 'Not enough funds' } as const

const CATALOGUE = { ...ConnectionErrorText, ...WalletErrorText, ...ThemeErrorText }

/** A stable name for each text of the kernel's catalogue (its key): match on `error.code`, show `error.text`. */
export type ErrorCode = keyof typeof CATALOGUE

export type ErrorText = (typeof CATALOGUE)[ErrorCode]

/**
 * The modal's one error base (docs/behaviour.md#errors): `code` to match on, `text` to show, `cause` kept for
 * logs, `walk()` through the causes (the protocol's CodedError, shared with the cloud). Every catalogue's errors
 * are made by `defineErrors`, so `instanceof ModalError` catches any of them.
 */
export class ModalError<Code extends string = string> extends CodedError<Code> {
  override name = 'ModalError'
}

/**
 * A catalogue's error class: `new AccountError('invalidAmount', { cause })` has the code, the catalogue's text,
 * and the catalogue's `name`; `AccountError.texts` is the catalogue.
 */
export const defineErrors = defineErrorsOver(ModalError)

/** The kernel's errors: connection, wallet and theme (their name stays 'ModalError', as sites match on it). */
export const KernelError = defineErrors('ModalError', CATALOGUE)

/**
 * The All Wallets view's states, and the Connect view's note while the directory is out of reach (beyond the
 * product catalogue; docs/behaviour.md#errors): what the visitor reads when the directory can't help.
 */
export const DirectoryErrorText = {
  incomplete: 'This list is incomplete: the wallet directory can’t be reached.',
  loadFailed: 'Wallets could not be loaded',
  noWallets: 'No wallets found',
  notConfigured: 'No wallet directory is configured',
  notListed: 'This wallet is not in the directory',
} as const

export const DirectoryError = defineErrors('DirectoryError', DirectoryErrorText)
