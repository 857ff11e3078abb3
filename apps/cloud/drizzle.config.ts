import { defineConfig } from 'drizzle-kit'

export default defineConfig({
  dialect: 'postgresql',
  // Each service keeps its tables beside it (its folder's tables.ts, named in its defineService's `tables`).
  schema: './src/*/tables.ts',
  out: './drizzle',
})
