/** The network switch's list: rows like the wallet list's, round network icons, the current network marked. */
export const networksCss = /* css */ `
.wallet-image.network-icon { width: 40px; height: 40px; border-radius: 50%; }
.network-current, .network-current:hover { background: var(--aap-bg-raised); }
.network-id { display: block; font-size: 12px; font-weight: 400; line-height: 1.3; }
`
