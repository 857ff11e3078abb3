/** The chain layer's constants (docs/behaviour.md#constants). */

/** The network the modal acts on when the site configures none. */
export const DEFAULT_CHAIN = 'eip155:1'

/**
 * The generic injected connector's name (docs/behaviour.md#wallet-picker). Kept out of the picker's module so
 * an adapter naming its connector doesn't pull the whole picker into the page's first load.
 */
export const BROWSER_WALLET_NAME = 'Browser Wallet'
