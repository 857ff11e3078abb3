/**
 * The Wallets view: a group per namespace, a row per wallet (its name and the current mark, the account's name,
 * its address, its balance, a line each, so a 360 px row holds them beside a compact Disconnect). Its own classes
 * are `profile-wallet…`: a view's styles stay in the modal once shown, so a shared name (AllWallets' `.wallet-row`,
 * there after a QR pairing) would lay these rows out too.
 */
export const profileWalletsCss = /* css */ `
.profile-wallet-group h3 { margin: 8px 0 4px; font-size: 13px; font-weight: 600; color: var(--aap-fg-muted); }
.profile-wallet { display: flex; gap: 8px; align-items: center; }
.profile-wallet .row-button { flex: 1; min-width: 0; padding: 10px; gap: 10px; }
.profile-wallet-current, .profile-wallet-current:hover { background: var(--aap-bg-raised); cursor: default; }
.profile-wallet-text { display: flex; flex-direction: column; flex: 1; min-width: 0; overflow-wrap: anywhere; }
.profile-wallet-title { display: flex; flex-wrap: wrap; align-items: baseline; column-gap: 6px; }
.profile-wallet-address { font-size: 13px; font-weight: 400; font-variant-numeric: tabular-nums; }
.profile-wallet-address, .profile-wallet-balance { white-space: nowrap; }
.profile-wallet-name { font-size: 13px; }
.profile-wallet-balance { font-size: 13px; font-weight: 400; font-variant-numeric: tabular-nums; }
.profile-wallet-current-tag { font-size: 12px; font-weight: 600; }
.profile-wallet-disconnect { flex: none; padding: 6px 10px; font-size: 13px; }
.profile-wallet-actions { display: flex; gap: 8px; justify-content: center; flex-wrap: wrap; }
`
