import { ANIMATION_HEADER_TEXT_MS } from '../../../app/constants'

export const headerCss = /* css */ `
.header { display: flex; align-items: center; justify-content: space-between; gap: 8px; padding: 16px; }
.header-title {
  margin: 0; font-size: 16px; font-weight: 650; text-align: center; flex: 1;
  animation: aap-fade ${ANIMATION_HEADER_TEXT_MS}ms ease-out;
}
@keyframes aap-fade { from { opacity: 0; } }
@media (prefers-reduced-motion: reduce) { .header-title { animation: none; } }
.header-button, .header-spacer { width: 32px; height: 32px; flex: none; }
.header-button {
  display: inline-flex; align-items: center; justify-content: center;
  border-radius: 50%; background: var(--aap-bg-raised);
}
.header-button:hover { background: var(--aap-bg-hover); }
`
