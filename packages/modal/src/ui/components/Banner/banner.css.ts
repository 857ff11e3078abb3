/**
 * The notification banner: below the view and stuck to the dialog's bottom edge. It takes its own room (the dialog
 * grows, the view's controls stay where they are), so it never covers a control the visitor still needs — an error
 * banner stays until closed — and in a dialog long enough to scroll, the view scrolls above it.
 */
export const bannerCss = /* css */ `
.banner-slot {
  position: sticky; bottom: 0; z-index: 1; padding-inline: 12px;
  display: flex; flex-direction: column;
}
.banner {
  display: flex; align-items: center; gap: 10px; margin-bottom: 12px;
  padding: 8px 8px 8px 12px; border-radius: calc(var(--aap-border-radius) * 0.75);
  background: var(--aap-bg-raised); color: var(--aap-fg);
  border: 1px solid var(--aap-bg-hover); box-shadow: 0 6px 24px rgb(0 0 0 / 0.2);
  animation: aap-banner-in 150ms ease-out;
}
@keyframes aap-banner-in { from { opacity: 0; transform: translateY(8px); } }
@media (prefers-reduced-motion: reduce) { .banner { animation: none; } }
.banner-icon { flex: none; width: 20px; height: 20px; display: inline-flex; }
.banner[data-variant='success'] .banner-icon { color: var(--aap-success); }
.banner[data-variant='error'] .banner-icon { color: var(--aap-error); }
.banner[data-variant='info'] .banner-icon { color: var(--aap-accent); }
.banner .spinner { width: 20px; height: 20px; border-width: 2px; }
.banner-text { flex: 1; margin: 0; display: flex; flex-direction: column; font-size: 14px; }
.banner-message { font-weight: 600; }
.banner-description { color: var(--aap-fg-muted); }
.banner .header-button { width: 28px; height: 28px; background: none; }
.banner .header-button:hover { background: var(--aap-bg-hover); }
`
