export const accountViewCss = /* css */ `
.account { gap: 14px; }
.account-features { display: flex; gap: 8px; }
.account-features > * { flex: 1; }
.account-empty { text-align: center; padding: 16px 0; }
`
