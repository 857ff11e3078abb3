/**
 * Styles of the Connect view's optional parts: the legal checkbox (docs/behaviour.md#wallet-picker, off by default), the wallet buttons it
 * holds back, the directory note. Adopted with the connect feature's chunk, which the view always waits for, so
 * the page's first load doesn't carry them.
 */
export const connectLazyCss = /* css */ `
.row-button:disabled { opacity: 0.5; cursor: not-allowed; background: var(--aap-bg-raised); }
.legal { display: flex; gap: 8px; align-items: flex-start; font-size: 13px; }
.legal input { margin: 2px 0 0; accent-color: var(--aap-accent); }
.legal a { color: inherit; }
/* The directory note's live region is always there; empty, it takes no room. */
.stack > [role='status']:empty { margin-top: -8px; }
`
