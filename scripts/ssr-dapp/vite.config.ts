import { reactRouter } from '@react-router/dev/vite'
import { defineConfig } from 'vite'

export default defineConfig({
  plugins: [reactRouter()],
  // One React in the browser bundle, the project's: the packages a tarball names come linked from elsewhere.
  resolve: { dedupe: ['react', 'react-dom'] },
})
