/** The frame's time limits, named once for the host (the modal) and the frame (docs/behaviour.md#email). */

/** The frame must say it is ready within this long after it is added to the page. */
export const FRAME_LOAD_TIMEOUT_MS = 20_000
/** After `ready`, the host waits this long before its first request (the frame's initialisation). */
export const FRAME_READY_DELAY_MS = 500
/** Interactive requests (connect e-mail, device, OTP, social, redirect URI) fail after this long. */
export const FRAME_INTERACTIVE_TIMEOUT_MS = 120_000
/** Signing out waits at most this long for the frame. */
export const FRAME_SIGN_OUT_WAIT_MS = 3_000

/** What the frame answers when it has nothing more precise to say. */
export const FRAME_ERROR_TEXTS = {
  default: 'An error occurred',
  rpcAborted: 'Request was aborted',
  aborted: 'Something went wrong',
  /** To the caller of a method outside the accepted list (docs/embedded-wallet.md#rpc). */
  notAllowed: 'Requested RPC call is not allowed',
  /** What the user sees in the frame for the same call (docs/embedded-wallet.md#rpc). */
  notAllowedToUser: 'Action not allowed',
  /** The host page's origin is not on the project's allowlist: the frame serves it nothing. */
  originNotAllowed: 'This site is not allowed to use this wallet.',
  /** A call that needs a signed-in wallet before one is. */
  notSignedIn: 'Not connected to email or social',
  /** The user turned down a request in the frame (EIP-1193 4001's message, which wallets and viem know). */
  rejected: 'User rejected the request.',
  /**
   * A smart account asked for where there is none (docs/embedded-wallet.md#account-type): the host falls back to the
   * key's account.
   */
  smartAccountUnavailable: 'Smart accounts are not available on this network',
  /** An RPC request for another chain namespace than eip155 and solana, the ones the embedded wallet serves. */
  unsupportedNamespace: 'Unsupported chain namespace: the embedded wallet serves eip155 and solana only',
  /**
   * A host passed a social completion URL (connectSocial's uri, getUser's socialUri): the completion reaches the
   * frame from the callback page and never passes through the host (docs/embedded-wallet.md#social-login).
   */
  socialUriRefused: 'The social sign-in completes inside the wallet: a host cannot pass its URL',
} as const

/** EIP-1193 provider error codes the frame answers with. */
export const PROVIDER_ERROR_CODES = {
  userRejected: 4001,
  unauthorized: 4100,
  unsupportedMethod: 4200,
  disconnected: 4900,
} as const
