export const swapsCss = /* css */ `
/* One column as wide as the dialog: a grid item's own width (min-content) would otherwise widen it on a phone. */
.swap { display: grid; grid-template-columns: minmax(0, 1fr); gap: 10px; }
.swap > * { min-width: 0; }
.swap-side { display: grid; gap: 6px; padding: 12px; border-radius: var(--aap-border-radius); border: 1px solid var(--aap-fg-muted); }
.swap-side label, .swap-side .swap-label { font-weight: 600; font-size: 14px; }
.swap-row { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; }
.swap-row input {
  flex: 1; font: inherit; color: inherit; padding: 10px 12px; min-width: 0; background: var(--aap-bg);
  border-radius: calc(var(--aap-border-radius) * 0.75); border: 1px solid var(--aap-fg-muted);
}
.swap-row input:focus-visible { outline: 2px solid var(--aap-focus); outline-offset: 1px; }
.swap-out { flex: 1; font-size: 20px; font-weight: 700; overflow-wrap: anywhere; }
.swap-figures { display: grid; grid-template-columns: auto 1fr; gap: 4px 12px; margin: 0; font-size: 14px; }
.swap-figures dt { color: var(--aap-fg-muted); }
.swap-figures dd { margin: 0; text-align: end; overflow-wrap: anywhere; }
.swap-token { justify-content: space-between; }
.swap-slippage summary { cursor: pointer; font-size: 14px; font-weight: 600; padding: 4px 0; }
.swap-slippage summary:focus-visible { outline: 2px solid var(--aap-focus); outline-offset: 2px; }
/* A fieldset is as wide as its content by default: the row of presets and the field would widen the dialog. */
.swap-slippage fieldset { border: 0; margin: 8px 0 0; padding: 0; display: grid; gap: 6px; min-inline-size: 0; }
/* A field's own width (its size attribute's) counts as its least: it would push the row past the dialog. */
.swap-slippage .swap-row input { padding: 8px 10px; width: 4em; }
.swap-slippage legend { font-size: 14px; color: var(--aap-fg-muted); padding: 0; }
.swap-slippage [aria-pressed='true'] { border-color: var(--aap-accent); color: var(--aap-accent); }
.swap-slippage p { margin: 0; font-size: 14px; }
`
