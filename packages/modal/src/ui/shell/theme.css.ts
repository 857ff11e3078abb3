/**
 * Theme variables as CSS custom properties on the shadow host. A page overrides them by setting the same
 * properties on the host element (`[data-allaccess-modal]`) or via `themeVariables`.
 */
export const themeCss = /* css */ `
:host {
  --aap-accent: #3b5bdb;
  --aap-accent-contrast: #ffffff;
  --aap-font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif;
  --aap-font-size: 15px;
  --aap-border-radius: 16px;
  --aap-z-index: 2147483000;
  --aap-bg: #ffffff;
  --aap-bg-raised: #f1f3f5;
  --aap-bg-hover: #e9ecef;
  --aap-fg: #141414;
  --aap-fg-muted: #5c636a;
  --aap-icon-bg: #f8f9fa;
  --aap-error: #c92a2a;
  --aap-success: #2b8a3e;
  --aap-focus: #1c7ed6;
  --aap-backdrop: rgb(0 0 0 / 0.45);
  color-scheme: light;
}
:host([data-theme='dark']) {
  --aap-bg: #16181b;
  --aap-bg-raised: #24272b;
  --aap-bg-hover: #2f3338;
  --aap-fg: #f1f3f5;
  --aap-fg-muted: #a6adb4;
  --aap-icon-bg: #e9ecef;
  --aap-error: #ff8787;
  --aap-accent: #748ffc;
  --aap-accent-contrast: #0b0d10;
  --aap-focus: #74c0fc;
  --aap-success: #69db7c;
  color-scheme: dark;
}
`
