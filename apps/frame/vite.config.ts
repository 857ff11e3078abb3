import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig, loadEnv } from 'vite'

// One .env for the whole product, at the repository root.
const envDir = fileURLToPath(new URL('../..', import.meta.url))

/**
 * The embedded wallet's frame, served from its own origin (default 127.0.0.1:8788). Its policy lets it talk to the
 * cloud only, and be framed by any page: which pages it then serves is the project's allowlist, checked in the
 * frame (docs/embedded-wallet.md#origins).
 */
export default defineConfig(({ mode }) => {
  const cloudUrl = loadEnv(mode, envDir, 'VITE_').VITE_CLOUD_URL ?? 'http://127.0.0.1:8787'
  const policy = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    `connect-src ${new URL(cloudUrl).origin}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    'frame-ancestors *',
  ].join('; ')
  const headers = {
    'Content-Security-Policy': policy,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Cache-Control': 'no-store',
  }
  return {
    plugins: [react()],
    envDir,
    server: { host: '127.0.0.1', port: 8788, strictPort: true, headers },
    preview: { host: '127.0.0.1', port: 8788, strictPort: true, headers },
    // Two pages: the frame, and the page the social callback sends its popup to (socialCallbackPage.ts).
    build: {
      target: 'es2022',
      rollupOptions: {
        input: {
          index: fileURLToPath(new URL('index.html', import.meta.url)),
          socialCallback: fileURLToPath(new URL('social-callback.html', import.meta.url)),
        },
      },
    },
  }
})
