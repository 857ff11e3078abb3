import { defineConfig, flag, int } from '../config/section.js'

export const directoryConfig = defineConfig({
  env: {
    CLOUD_SEED: flag.default(true),
    CLOUD_WALLET_FIXTURE: int(0, 100_000).default(0),
  },
  read: (e) => ({ seed: e.CLOUD_SEED, walletFixture: e.CLOUD_WALLET_FIXTURE }),
})
