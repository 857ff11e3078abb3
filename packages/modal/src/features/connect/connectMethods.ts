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

/**
 * The methods the Connect view offers, in their order: a wallet the browser has (an installed row) puts wallets
 * first; e-mail and social need their switch on and a loaded feature that brings them (their slot's filler).
 */
export function offeredConnectMethods(context: {
  wallets: readonly { section: string }[]
  features: { email: boolean; socials: boolean }
  brought: { email: boolean; social: boolean }
  configured?: readonly ConnectMethod[] | undefined
}): ConnectMethod[] {
  return connectMethodOrder({
    hasInstalledWallets: context.wallets.some((wallet) => wallet.section === 'injected'),
    enabled: {
      email: context.features.email && context.brought.email,
      social: context.features.socials && context.brought.social,
      wallet: true,
    },
    ...(context.configured ? { configured: context.configured } : {}),
  })
}

/**
 * What the Connect view says of the offered logins that need the cloud (e-mail and social: the embedded wallet's
 * sign-in runs through it) while the cloud can't be reached, or nothing when none is offered. The spec names no
 * text for this; wallets keep working. Composed rather than three whole texts: the view is in the first load.
 */
export function cloudDownNote(methods: readonly ConnectMethod[]): string | undefined {
  const email = methods.includes('email')
  const social = methods.includes('social')
  if (!email && !social) return undefined
  const logins =
    email && social ? 'E-mail and social login are' : email ? 'E-mail login is' : 'Social login is'
  return `${logins} unavailable: the cloud can’t be reached.`
}
