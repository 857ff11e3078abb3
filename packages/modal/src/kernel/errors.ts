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
} as const

const CATALOGUE = { ...ConnectionErrorText, ...WalletErrorText, ...ThemeErrorText }

/** A stable name for each text of the catalogue (its key): match on `error.code`, show `error.text`. */
export type ErrorCode = keyof typeof CATALOGUE

export type ErrorText = (typeof CATALOGUE)[ErrorCode]

const CODE_OF = new Map<string, ErrorCode>(
  Object.entries(CATALOGUE).map(([code, text]) => [text, code as ErrorCode]),
)

/** An error whose message is one of the catalogue's texts; `cause` keeps the original for logs. */
export class ModalError extends Error {
  override readonly name = 'ModalError'
  readonly code: ErrorCode
  constructor(
    readonly text: ErrorText,
    options?: { cause?: unknown },
  ) {
    super(text, options)
    this.code = CODE_OF.get(text) as ErrorCode
  }
}

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
