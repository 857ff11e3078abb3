export const connectCss = /* css */ `
.row-label { flex: 1; }
.connect-notes p { margin: 0; }
/* The Connect view's wallet rows are denser than other lists, so the whole view fits an 800 px screen. */
.connect-wallets .row-button { padding: 6px 12px; }
.connect-wallets .icon { width: 36px; height: 36px; border-radius: 9px; }
.tag {
  font-size: 12px; font-weight: 600; padding: 2px 8px; border-radius: 999px;
  background: var(--aap-bg); color: var(--aap-fg-muted);
}
.icon-grid {
  background:
    radial-gradient(circle at 30% 30%, var(--aap-accent) 18%, transparent 19%),
    radial-gradient(circle at 70% 30%, var(--aap-fg-muted) 18%, transparent 19%),
    radial-gradient(circle at 30% 70%, var(--aap-fg-muted) 18%, transparent 19%),
    radial-gradient(circle at 70% 70%, var(--aap-accent) 18%, transparent 19%),
    var(--aap-bg-hover);
}
`
