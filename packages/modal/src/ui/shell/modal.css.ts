import {
  ANIMATION_MODAL_HEIGHT_MS,
  ANIMATION_VIEW_TRANSITION_MS,
  BOTTOM_SHEET_MAX_VIEWPORT_PX,
  MODAL_WIDTH_PX,
  SHAKE_MS,
} from '../../app/constants'

export const modalCss = /* css */ `
dialog {
  /* The host page's CSS can't reach into the shadow root, but inherited properties cross the host: reset them. */
  all: initial;
  box-sizing: border-box;
  position: fixed;
  inset: 0;
  margin: auto;
  width: ${MODAL_WIDTH_PX}px;
  max-width: calc(100vw - 16px);
  height: fit-content;
  max-height: calc(100vh - 32px);
  overflow: auto;
  padding: 0;
  border: none;
  border-radius: var(--aap-border-radius);
  background: var(--aap-bg);
  color: var(--aap-fg);
  font-family: var(--aap-font-family);
  font-size: var(--aap-font-size);
  line-height: 1.4;
  z-index: var(--aap-z-index);
  box-shadow: 0 12px 48px rgb(0 0 0 / 0.25);
  transition: height ${ANIMATION_MODAL_HEIGHT_MS}ms ease;
}
dialog:not([open]) { display: none; }
/* The first open's rehearsal (Rehearsal.tsx): laid out like the open dialog, never seen. */
dialog.rehearsal { display: block; visibility: hidden; pointer-events: none; }
/* On a phone: a full-width sheet on the bottom edge; a gap above it shows the page is still there. */
@media (max-width: ${BOTTOM_SHEET_MAX_VIEWPORT_PX}px) {
  dialog {
    inset: auto 0 0; width: 100%; max-width: none; margin: 0;
    border-radius: var(--aap-border-radius) var(--aap-border-radius) 0 0;
    padding-bottom: env(safe-area-inset-bottom);
  }
}
dialog::backdrop { background: var(--aap-backdrop); }
dialog *, dialog *::before, dialog *::after { box-sizing: border-box; }
dialog[data-shake] { animation: aap-shake ${SHAKE_MS}ms ease-in-out; }
@keyframes aap-shake {
  10%, 90% { transform: translateX(-2px); }
  20%, 80% { transform: translateX(4px); }
  30%, 50%, 70% { transform: translateX(-6px); }
  40%, 60% { transform: translateX(6px); }
}
.view { padding: 0 16px 20px; }
.view[data-direction='next'] { animation: aap-in-next ${ANIMATION_VIEW_TRANSITION_MS}ms ease-out; }
.view[data-direction='prev'] { animation: aap-in-prev ${ANIMATION_VIEW_TRANSITION_MS}ms ease-out; }
@keyframes aap-in-next { from { opacity: 0; transform: translateX(12px); } }
@keyframes aap-in-prev { from { opacity: 0; transform: translateX(-12px); } }
@media (prefers-reduced-motion: reduce) {
  dialog, .view, dialog[data-shake] { animation: none !important; transition: none !important; }
}
button {
  font: inherit;
  color: inherit;
  cursor: pointer;
  border: none;
  background: none;
  padding: 0;
}
/* A button that can't act looks it: faded, no pointer, no hover (every button class, one rule). */
button:disabled, button[aria-disabled="true"] { cursor: not-allowed; opacity: 0.5; }
.row-button:disabled:hover { background: var(--aap-bg-raised); }
button:focus-visible, a:focus-visible { outline: 2px solid var(--aap-focus); outline-offset: 2px; }
.muted { color: var(--aap-fg-muted); }
.error { color: var(--aap-error); }
.center { text-align: center; }
.stack { display: flex; flex-direction: column; gap: 8px; }
.list { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 8px; }
.row-button {
  display: flex; align-items: center; gap: 12px; width: 100%;
  padding: 10px 12px; border-radius: calc(var(--aap-border-radius) * 0.75);
  background: var(--aap-bg-raised); text-align: start; font-weight: 600;
}
.row-button:hover { background: var(--aap-bg-hover); }
.primary-button {
  display: inline-flex; justify-content: center; align-items: center; gap: 8px;
  padding: 10px 16px; border-radius: 999px; font-weight: 600;
  background: var(--aap-accent); color: var(--aap-accent-contrast);
}
.secondary-button {
  display: inline-flex; justify-content: center; align-items: center; gap: 8px;
  padding: 8px 14px; border-radius: 999px; font-weight: 600; background: var(--aap-bg-raised);
}
.icon { width: 40px; height: 40px; border-radius: 10px; flex: none; object-fit: cover; background: var(--aap-bg-hover); }
/* A neutral tile behind every wallet icon: a dark icon on a transparent background reads in both themes. */
img.icon { background: var(--aap-icon-bg); }
.icon-large { width: 72px; height: 72px; border-radius: 20px; align-self: center; }
.spinner {
  width: 24px; height: 24px; border-radius: 50%;
  border: 3px solid var(--aap-bg-hover); border-top-color: var(--aap-accent);
  animation: aap-spin 0.8s linear infinite;
}
.spinner-wrap { display: flex; justify-content: center; padding: 8px; }
.connecting p { margin: 0; }
@keyframes aap-spin { to { transform: rotate(360deg); } }
@media (prefers-reduced-motion: reduce) { .spinner { animation-duration: 2.4s; } }
.sr-only {
  position: absolute; width: 1px; height: 1px; padding: 0; margin: -1px;
  overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0;
}
`
