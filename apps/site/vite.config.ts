import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { oneCopyOfCrypto } from './oneCopyOfCrypto.ts'
import { withoutAppKit } from './withoutAppKit.ts'

export default defineConfig({
  plugins: [react(), withoutAppKit(), oneCopyOfCrypto()],
  // One .env for the whole product, at the repository root.
  envDir: '../..',
  server: { host: '127.0.0.1', port: 5173, strictPort: true },
  preview: { host: '127.0.0.1', port: 5173, strictPort: true },
  build: { target: 'es2022', sourcemap: true, manifest: true },
})
