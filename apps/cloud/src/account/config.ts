import { resolve } from 'node:path'
import { z } from 'zod'
import { defineConfig, repoRoot } from '../config/section.js'

/** The devnet's prices, beside the cloud's package. */
const DEFAULT_PRICES_FILE = 'apps/cloud/prices.devnet.json'

export const accountConfig = defineConfig({
  env: { CLOUD_PRICES_FILE: z.string().min(1).default(DEFAULT_PRICES_FILE) },
  /** The JSON file of prices in USD by fungible id (apps/cloud/README.md#prices). */
  read: (e) => ({ pricesFile: resolve(repoRoot, e.CLOUD_PRICES_FILE) }),
})
