var e=`
.send label { font-weight: 600; font-size: 14px; margin-top: 4px; }
.send input, .send select {
  font: inherit; color: inherit; width: 100%; padding: 10px 12px; border-radius: calc(var(--aap-border-radius) * 0.75);
  border: 1px solid var(--aap-fg-muted); background: var(--aap-bg);
}
.send input:focus-visible, .send select:focus-visible { outline: 2px solid var(--aap-focus); outline-offset: 1px; }
.send-amount { display: flex; gap: 8px; }
.send-amount input { flex: 1; min-width: 0; }
.send p { margin: 0; }
.send .primary-button { margin-top: 8px; }
.send-summary { display: grid; grid-template-columns: auto 1fr; gap: 6px 12px; margin: 0; }
.send-summary dt { color: var(--aap-fg-muted); }
.send-summary dd { margin: 0; overflow-wrap: anywhere; font-variant-numeric: tabular-nums; }
.send-actions { display: flex; gap: 8px; }
.send-actions > * { flex: 1; }
.send a { color: inherit; }
`;export{e as t};