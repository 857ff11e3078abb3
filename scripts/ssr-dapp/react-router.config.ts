import type { Config } from '@react-router/dev/config'

// DAPP_BASELINE=1 builds the same page without the modal (baseline/): what the framework alone costs the page, the
// ground the modal's share of the first load is measured from (server-rendering.spec.ts).
const baseline = process.env.DAPP_BASELINE === '1'

export default {
  ssr: true,
  appDirectory: baseline ? 'baseline' : 'app',
  buildDirectory: baseline ? 'build-baseline' : 'build',
} satisfies Config
