export const emailFieldCss = /* css */ `
.email-form { display: grid; grid-template-columns: minmax(0, 1fr); gap: 8px; }
.email-form label { font-weight: 600; font-size: 14px; }
.email-row { display: flex; gap: 8px; }
.email-row input {
  font: inherit; color: inherit; padding: 10px 12px; border-radius: calc(var(--aap-border-radius) * 0.75);
  border: 1px solid var(--aap-fg-muted); background: var(--aap-bg);
}
.email-row input { flex: 1; min-width: 0; }
.email-row input:disabled { cursor: not-allowed; opacity: 0.5; }
.email-row input:focus-visible { outline: 2px solid var(--aap-focus); outline-offset: 1px; }
.email-error { color: var(--aap-error); margin: 0; font-size: 14px; }
.email-account { display: grid; gap: 8px; }
.email-account-address { margin: 0; text-align: center; font-weight: 600; overflow-wrap: anywhere; }
`
