export const activityTabCss = /* css */ `
.activity section { display: flex; flex-direction: column; gap: 8px; }
.activity-day { margin: 4px 0 0; font-size: 13px; font-weight: 600; }
.activity-row {
  display: flex; align-items: center; gap: 12px; padding: 8px 12px;
  border-radius: calc(var(--aap-border-radius) * 0.75); background: var(--aap-bg-raised);
}
.activity-icon {
  width: 32px; height: 32px; border-radius: 50%; flex: none; display: grid; place-items: center;
  background: var(--aap-bg-hover); font-weight: 700;
}
img.activity-icon { border-radius: 8px; object-fit: cover; }
.activity-text { flex: 1; min-width: 0; display: flex; flex-direction: column; }
.activity-title { font-weight: 600; overflow-wrap: anywhere; }
.activity-detail { font-size: 13px; }
.activity-link { color: inherit; text-decoration: none; padding: 4px 8px; border-radius: 8px; }
.activity-link:hover { background: var(--aap-bg-hover); }
`
