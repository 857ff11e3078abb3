import { z } from 'zod'
import { defineConfig } from '../config/section.js'

export const adminConfig = defineConfig({
  env: {
    CLOUD_ADMIN_TOKEN: z
      .string()
      .regex(/^[\x21-\x7e]{32,512}$/, '32 to 512 printable characters')
      .optional(),
  },
  /** Guards the admin API; unset: a fresh random token each start. */
  read: (e) => ({ adminToken: e.CLOUD_ADMIN_TOKEN }),
})
