// vite.config.ts of a site that uses the modal.
import { allAccessModal } from '@allaccess/modal/vite'
import { defineConfig } from 'vite'

export default defineConfig({
  plugins: [...allAccessModal()],
})
