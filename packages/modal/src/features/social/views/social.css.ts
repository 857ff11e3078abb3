export const socialCss = /* css */ `
.social { display: grid; gap: 8px; }
.social-buttons { list-style: none; margin: 0; padding: 0; display: grid; gap: 8px; }
.social-icon {
  display: inline-flex; align-items: center; justify-content: center; font-weight: 700;
  color: var(--aap-fg); background: var(--aap-bg-hover);
}
.social-account { text-align: center; }
.social-account p { margin: 0; }
.social-account-name { font-weight: 600; overflow-wrap: anywhere; }
`
