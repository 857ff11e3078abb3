import { fileURLToPath } from 'node:url'
import { allAccessModal } from '@allaccess/modal/vite'
import react from '@vitejs/plugin-react'
import { defineConfig, loadEnv, type Plugin, runnerImport } from 'vite'
import { headersFile, securityHeaders } from './securityHeaders.ts'
import type * as SiteEnvModule from './src/env.ts'
import type * as SiteSolanaModule from './src/solana.ts'

// One .env for the whole product, at the repository root.
const envDir = fileURLToPath(new URL('../..', import.meta.url))

export default defineConfig(async ({ command, mode, isPreview }) => {
  // The site's own env module, run as the page runs it, so the headers name exactly the URLs the page uses.
  const { module } = await runnerImport<typeof SiteEnvModule>(
    fileURLToPath(new URL('./src/env.ts', import.meta.url)),
    { configFile: false, envDir, mode, logLevel: 'warn' },
  )
  // SITE_SOLANA=on (VITE_SOLANA): the local Solana chain's RPC, which the page reads too.
  const { module: solanaModule } = await runnerImport<typeof SiteSolanaModule>(
    fileURLToPath(new URL('./src/solana.ts', import.meta.url)),
    { configFile: false, envDir, mode, logLevel: 'warn' },
  )
  const viteEnv = loadEnv(mode, envDir, 'VITE_')
  // The page reads its settings unchecked: a bad one stops the build here.
  module.checkEnv(viteEnv)
  const solana = solanaModule.checkSolanaEnv(viteEnv)
  const headers = securityHeaders(module.env, {
    dev: command === 'serve' && !isPreview,
    solanaRpcUrl: solana?.rpcUrl,
  })
  // Source maps reveal the source to anyone: published only when asked for (SITE_SOURCEMAP=true).
  const sourcemap = loadEnv(mode, envDir, 'SITE_').SITE_SOURCEMAP === 'true'
  return {
    plugins: [react(), ...allAccessModal(), headersForStaticHosts(headers)],
    envDir,
    server: { host: '127.0.0.1', port: 5173, strictPort: true, headers },
    preview: { host: '127.0.0.1', port: 5173, strictPort: true, headers },
    build: {
      target: 'es2022',
      sourcemap,
      manifest: true,
      // What the page loads before the modal opens stays one chunk: without this group, every module a lazy chunk
      // (a feature, a view) shares with the page is split out of it into a chunk of its own, and the first load
      // pays for each split (import lines, and gzip losing the context of the rest).
      rolldownOptions: {
        output: { codeSplitting: { groups: [{ name: 'index', tags: ['$initial' as const] }] } },
      },
    },
  }
})

/** Writes the headers into the build as `_headers`, for static hosts that read that file. */
function headersForStaticHosts(headers: Record<string, string>): Plugin {
  return {
    name: 'allaccess:headers-file',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: '_headers', source: headersFile(headers) })
    },
  }
}
