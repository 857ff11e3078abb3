export const socialCss = /* css */ `
.social { display: grid; grid-template-columns: minmax(0, 1fr); gap: 8px; }
/* The providers after the first: one row of equal tiles that shrink to fit a 320 px screen. */
.social-tiles { list-style: none; margin: 0; padding: 0; display: flex; gap: 8px; }
.social-tiles li { flex: 1 1 0; min-width: 0; }
.social-tile {
  display: flex; align-items: center; justify-content: center; width: 100%; height: 44px;
  border-radius: calc(var(--aap-border-radius) * 0.75); background: var(--aap-bg-raised); color: var(--aap-fg);
}
.social-tile:hover { background: var(--aap-bg-hover); }
.social-tile:disabled { opacity: 0.5; cursor: not-allowed; }
.social-icon {
  display: inline-flex; align-items: center; justify-content: center;
  color: var(--aap-fg); background: var(--aap-bg-hover);
}
.brand-mark { flex: none; }
.social-account { text-align: center; }
.social-account p { margin: 0; }
.social-account-name { font-weight: 600; overflow-wrap: anywhere; }
`
