import { ACCOUNT_TAB_PANEL_HEIGHT_PX } from '../../constants'

export const accountTabsCss = /* css */ `
.tablist { display: flex; gap: 4px; padding: 4px; border-radius: 999px; background: var(--aap-bg-raised); }
.tablist [role='tab'] { flex: 1; padding: 6px 10px; border-radius: 999px; font-weight: 600; color: var(--aap-fg-muted); }
.tablist [role='tab'][aria-selected='true'] { background: var(--aap-bg); color: var(--aap-fg); box-shadow: 0 1px 3px rgb(0 0 0 / 0.15); }
/* One height for every tab (the dialog doesn't jump as they change); a longer list scrolls inside. */
.tabpanel { margin-top: 12px; height: ${ACCOUNT_TAB_PANEL_HEIGHT_PX}px; overflow-y: auto; overscroll-behavior: contain; }
.tabpanel:focus-visible { outline: 2px solid var(--aap-focus); outline-offset: 2px; }
.tabpanel p { margin: 0; }
`
