import { describe, expect, it } from 'vitest'

/**
 * The public surface of each entry point, pinned: adding or removing an export is a decision made here, in
 * review, never a side effect of a refactor (docs/behaviour.md#api).
 */
// Importing an entry point loads wagmi, viem and React: slow on a busy machine.
describe('exports of each entry point', { timeout: 60_000 }, () => {
  it('@allaccess/modal', async () => {
    expect(Object.keys(await import('./index')).sort()).toMatchInlineSnapshot(`
      [
        "ALERTS",
        "BANNER_VARIANTS",
        "BatchErrorText",
        "CONNECT_METHODS",
        "ClipboardErrorText",
        "CloudHttpError",
        "CloudResponseError",
        "CloudUnreachableError",
        "ConnectionErrorText",
        "DEFAULT_FEATURES",
        "DEFAULT_RESTRICTED_TIMEZONES",
        "HeadlessErrorText",
        "ModalError",
        "NameErrorText",
        "SiwxErrorText",
        "THEME_MODES",
        "ThemeErrorText",
        "WalletErrorText",
        "connectWallet",
        "constants",
        "createBalances",
        "createBatchCalls",
        "createCloudClient",
        "createConnectMenu",
        "createEmailLogin",
        "createModal",
        "createSendFlow",
        "createSocialLogin",
        "email",
        "emailFeature",
        "farcaster",
        "farcasterFeature",
        "formatAddress",
        "formatBalance",
        "isEvmAddress",
        "isSolanaAddress",
        "isUserRejection",
        "names",
        "namesFeature",
        "onramp",
        "onrampFeature",
        "parseCaipAddress",
        "parseCaipNetworkId",
        "siwx",
        "siwxFeature",
        "social",
        "socialFeature",
        "swaps",
        "swapsFeature",
        "toCaipNetworkId",
        "walletSectionRows",
      ]
    `)
  })

  it('@allaccess/modal/evm', async () => {
    expect(Object.keys(await import('./chains/evm/index')).sort()).toMatchInlineSnapshot(`
      [
        "EMBEDDED_WALLET_TYPE",
        "addEmbeddedWalletConnector",
        "addWalletConnectConnector",
        "createEvmAdapter",
        "hasEmbeddedWalletConnection",
        "hasWalletConnectConnection",
        "readPersistedState",
        "walletConnect",
      ]
    `)
  })

  it('@allaccess/modal/solana', async () => {
    expect(Object.keys(await import('./chains/solana/index')).sort()).toMatchInlineSnapshot(`
      [
        "solanaAdapter",
      ]
    `)
  })

  it('@allaccess/modal/react', async () => {
    expect(Object.keys(await import('./react/index')).sort()).toMatchInlineSnapshot(`
      [
        "ConnectButton",
        "ModalProvider",
        "useBalances",
        "useConnectMenu",
        "useEmailLogin",
        "useModal",
        "useModalAccount",
        "useModalAccountProfile",
        "useModalConnections",
        "useModalFeature",
        "useSecondsLeft",
        "useSend",
        "useSocialLogin",
        "useStore",
        "useViewToOpen",
        "useWalletSections",
      ]
    `)
  })

  it('@allaccess/modal/vite', async () => {
    expect(Object.keys(await import('../vite/index.js')).sort()).toMatchInlineSnapshot(`
      [
        "allAccessModal",
      ]
    `)
  })

  it('@allaccess/modal/testing', async () => {
    expect(Object.keys(await import('./testing/index')).sort()).toMatchInlineSnapshot(`
      [
        "ANIMATION_HEADER_TEXT_MS",
        "ANIMATION_MODAL_HEIGHT_MS",
        "ANIMATION_VIEW_TRANSITION_MS",
        "ASYNC_INJECT_WAIT_MS",
        "AccountErrorText",
        "BALANCE_DISPLAY_DECIMALS",
        "BANNER_AUTO_HIDE_MS",
        "BANNER_ERROR_HIDE_MS",
        "BANNER_REPLACEMENT_DELAY_MS",
        "BIG_DECIMAL_PLACES",
        "BOTTOM_SHEET_MAX_VIEWPORT_PX",
        "DEFAULT_BALANCE",
        "DEFAULT_BALANCE_SYMBOL",
        "DEFAULT_CHAIN",
        "DirectoryErrorText",
        "ERROR_REPORTS_PER_WINDOW",
        "ERROR_REPORT_WINDOW_MS",
        "FEATURED_PAGE_SIZE",
        "FIRST_OPEN_WAIT_MS",
        "IDENTITY_CACHE_MS",
        "IMAGE_PRELOAD_TIMEOUT_MS",
        "MODAL_WIDTH_PX",
        "MULTICALL_BATCH_SIZE_BYTES",
        "NAME_LOOKUP_CACHE_MS",
        "NATIVE_BALANCE_CACHE_MS",
        "NameErrorText",
        "PAIRING_EXPIRY_MARGIN_MS",
        "PAIRING_EXPIRY_MS",
        "PAIRING_LINK_TIMEOUT_MS",
        "PENDING_TRANSACTION_POLL_LIMIT",
        "PENDING_TRANSACTION_POLL_MS",
        "PORTFOLIO_CACHE_MS",
        "RECEIPT_CONFIRMATIONS",
        "RECEIPT_RETRY_COUNT",
        "RECEIPT_RETRY_DELAY_MS",
        "RECEIPT_WAIT_TIMEOUT_MS",
        "RECENT_WALLETS_KEPT",
        "RETRY_GAP_MS",
        "SEARCH_DEBOUNCE_MS",
        "SEARCH_RESULTS_MAX",
        "SEND_RECEIPT_WAIT_MS",
        "SHAKE_MS",
        "STORAGE_PREFIX",
        "TOKEN_BALANCE_RETRY_MS",
        "WALLET_LIST_EAGER_IMAGES",
        "WALLET_LIST_PAGE_SIZE",
        "createModal",
        "mountModal",
      ]
    `)
  })
})
