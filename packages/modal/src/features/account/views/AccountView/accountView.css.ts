export const accountViewCss = /* css */ `
.account { gap: 14px; }
/* As many a row as fit (four in 360 px, three on a 320 px phone), never wider than the dialog. */
.account-features { display: grid; grid-template-columns: repeat(auto-fit, minmax(76px, 1fr)); gap: 8px; }
.account-features > * { min-width: 0; padding-inline: 8px; }
.account-empty { text-align: center; padding: 16px 0; }
`
