export const receiveCss = /* css */ `
.receive p { margin: 0; }
.receive-address { font-family: ui-monospace, monospace; font-size: 13px; overflow-wrap: anywhere; }
.receive-networks { flex-direction: row; flex-wrap: wrap; justify-content: center; gap: 6px; }
.receive-networks li { padding: 4px 10px; border-radius: 999px; background: var(--aap-bg-raised); font-size: 13px; font-weight: 600; }
`
