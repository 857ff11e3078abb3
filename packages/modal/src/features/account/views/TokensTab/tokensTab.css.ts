export const tokensTabCss = /* css */ `
.tokens-total { display: flex; justify-content: space-between; font-weight: 650; }
.token-row {
  display: flex; align-items: center; gap: 12px; padding: 8px 12px;
  border-radius: calc(var(--aap-border-radius) * 0.75); background: var(--aap-bg-raised);
}
.token-icon { width: 36px; height: 36px; border-radius: 50%; flex: none; background: var(--aap-icon-bg); object-fit: cover; }
.token-name { flex: 1; min-width: 0; font-weight: 600; overflow-wrap: anywhere; }
.token-amount { display: block; font-weight: 400; font-size: 13px; font-variant-numeric: tabular-nums; }
.token-value { font-variant-numeric: tabular-nums; font-weight: 600; }
`
