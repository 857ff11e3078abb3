/** Every modal view of spec §2 "Modal views". `SignMessage` is the sign-message step view. */
export const VIEWS = [
  'Connect',
  'Account',
  'AllWallets',
  'ConnectingExternal',
  'ConnectingWalletConnect',
  'ConnectingWalletConnectBasic',
  'ConnectingFarcaster',
  'EmailLogin',
  'UpdateEmailWallet',
  'ProfileWallets',
  'UnsupportedChain',
  'SwitchNetwork',
  'SwitchActiveChain',
  'RegisterAccountName',
  'RegisterAccountNameSuccess',
  'SignMessage',
] as const

export type View = (typeof VIEWS)[number]

/** Extra data a view needs, e.g. which connector ConnectingExternal waits on. */
export type ViewData = { connectorId?: string; caipNetworkId?: string; walletId?: string }

export type RouteEntry = { view: View; data?: ViewData }
