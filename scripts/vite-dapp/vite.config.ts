import { allAccessModal } from '@allaccess/modal/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

export default defineConfig({
  plugins: [react(), ...allAccessModal()],
  // One React in the bundle, the project's: the packages a tarball names come linked from elsewhere.
  resolve: { dedupe: ['react', 'react-dom'] },
  // The first load is measured from what the manifest says the page loads.
  build: { manifest: true },
})
