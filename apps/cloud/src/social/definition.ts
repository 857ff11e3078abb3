import { defineConfig } from '../config/section.js'
import { parseSocialConfig } from './config.js'

/** Social login's providers (README, Social login): only those configured are offered. */
export const socialConfig = defineConfig({
  env: {},
  variables: parseSocialConfig,
  read: (_, { parsed }) => ({ social: parsed }),
})
