/** The profile wallets feature's id among the modal's features. */
export const PROFILE_WALLETS_FEATURE_ID = 'profileWallets'
