import { defineConfig, int } from '../config/section.js'

export const projectsConfig = defineConfig({
  env: { CLOUD_PROJECT_CACHE_MS: int(0, 3_600_000).default(5000) },
  read: (e) => ({ projectCacheMs: e.CLOUD_PROJECT_CACHE_MS }),
})
