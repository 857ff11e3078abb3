export const accountHeaderCss = /* css */ `
.account-header p { margin: 0; }
.account-address { display: inline-flex; gap: 8px; align-items: center; justify-content: center; font-weight: 650; font-size: 18px; }
.account-address .header-button { width: 28px; height: 28px; }
.account-balance { font-size: 15px; font-variant-numeric: tabular-nums; }
.account-chips { display: flex; flex-wrap: wrap; gap: 8px; justify-content: center; }
.account-chips a { color: inherit; text-decoration: none; }
.network-dot { width: 8px; height: 8px; border-radius: 50%; background: var(--aap-success); }
.account-wallet { display: inline-flex; gap: 6px; align-items: center; justify-content: center; align-self: center; font-size: 13px; }
.account-wallet-switch { font-weight: 600; text-decoration: underline; }
.account-wallet-icon { width: 20px; height: 20px; border-radius: 6px; background: var(--aap-icon-bg); }
`
