import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const ENV_FILE = fileURLToPath(new URL('../../../.env', import.meta.url))

/**
 * Reads the repository's `.env`, as `npm start` does, so the cloud and its CLI started alone use the same settings
 * (the same database, port and data folder). Variables already set win.
 */
export function loadRepoEnv(): void {
  if (existsSync(ENV_FILE)) process.loadEnvFile(ENV_FILE)
}
