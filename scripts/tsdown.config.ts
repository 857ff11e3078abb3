import { fileURLToPath } from 'node:url'
import { defineConfig, type UserConfig } from 'tsdown'

/**
 * The published packages' builds (`npm run build:packages`; docs/packages.md says why tsdown): ESM with type
 * declarations and source maps, one output file per source module, so a site's bundler still splits the modal's
 * lazy views and features into their own chunks and drops what the site never imports.
 */
function library(folder: string, entry: string[]): UserConfig {
  return {
    name: folder,
    cwd: fileURLToPath(new URL(`../packages/${folder}`, import.meta.url)),
    entry,
    unbundle: true,
    format: 'esm',
    platform: 'neutral',
    target: 'es2022',
    dts: true,
    sourcemap: true,
    // Dependencies and peers stay imports (tsdown reads them from package.json); WalletConnect's types package,
    // which the declarations name through sign-client, too.
    deps: { neverBundle: [/^@walletconnect\//] },
    // The declarations take most of the time (a TypeScript program per package): known, not worth a warning.
    checks: { pluginTimings: false },
  }
}

export default defineConfig([
  library('protocol', ['src/index.ts']),
  library('frame-protocol', ['src/index.ts']),
  library('modal', [
    'src/index.ts',
    'src/chains/evm/index.ts',
    'src/chains/solana/index.ts',
    'src/react/index.ts',
  ]),
])
