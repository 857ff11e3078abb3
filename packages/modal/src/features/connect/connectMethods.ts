export const CONNECT_METHODS = ['email', 'social', 'wallet'] as const
export type ConnectMethod = (typeof CONNECT_METHODS)[number]

/**
 * docs/behaviour.md#wallet-picker: email, social, wallet by default; wallet, email, social when the browser has
 * injected or announced wallets; a configured order wins. Methods that are switched off are left out
 * (docs/behaviour.md#switches: the pay feature turns e-mail and social off).
 */
export function connectMethodOrder(context: {
  hasInstalledWallets: boolean
  configured?: readonly ConnectMethod[]
  enabled: Record<ConnectMethod, boolean>
}): ConnectMethod[] {
  const order =
    context.configured ??
    (context.hasInstalledWallets ? ['wallet', 'email', 'social'] : ['email', 'social', 'wallet'])
  return order.filter((method, index) => context.enabled[method] && order.indexOf(method) === index)
}
