export const accountCss = /* css */ `
.avatar {
  width: 64px; height: 64px; border-radius: 50%; margin: 0 auto; display: block;
  background: linear-gradient(135deg,
    hsl(var(--aap-avatar-hue, 220) 80% 60%), hsl(calc(var(--aap-avatar-hue, 220) + 90) 80% 50%));
}
.account-address { display: inline-flex; gap: 8px; align-items: center; justify-content: center; font-weight: 650; font-size: 18px; }
.account-address .header-button { width: 28px; height: 28px; }
.account-balance { margin: 0; font-size: 15px; font-variant-numeric: tabular-nums; }
.account p { margin: 0; }
.spinner-wrap { display: flex; justify-content: center; padding: 8px; }
.connecting p { margin: 0; }
`
