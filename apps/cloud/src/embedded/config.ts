import { isAbsolute, relative, resolve } from 'node:path'
import { parseOrigin } from '@allaccess/protocol'
import { z } from 'zod'
import { defineConfig, int, repoRoot } from '../config/section.js'
import { DEFAULT_SENDS_PER_IP, DEV_FRAME_ORIGIN, DEVICE_WAIT_MAX_MS } from './limits.js'

/** A 32-byte key in base64: the embedded wallet's key-encryption key. */
const key32 = z
  .string()
  .refine((value) => /^[A-Za-z0-9+/]{43}=$/.test(value), '32 bytes in base64 (44 characters)')
  .transform((value) => Buffer.from(value, 'base64'))

/** Whether `path` is `folder` or inside it (both absolute). */
function isInside(path: string, folder: string): boolean {
  const rest = relative(folder, path)
  return rest === '' || (!rest.startsWith('..') && !isAbsolute(rest))
}

export type EmbeddedConfig = {
  /** The recovery shares' key-encryption key (`EMBEDDED_KEK`). */
  kek: Buffer | undefined
  /**
   * Development only, asked for explicitly (`npm start` does): the file, outside `dataDir`, that keeps a generated
   * key-encryption key when `kek` is unset. Neither set: the cloud refuses to start, unless its database is in memory.
   */
  devKekFile: string | undefined
  /** Code and approval e-mails one client address may cause per SENDS_PER_IP_WINDOW_MS (an hour). */
  sendsPerIp: number
  /** How long `POST /v1/embedded/device/wait` holds a request before answering `{ approved: false }`. */
  deviceWaitMs: number
  /**
   * The embedded wallet frame's origins (`EMBEDDED_FRAME_ORIGINS`; `npm start`'s outside production): a browser
   * may call the frame's routes from these only, and the social callback hands its code to these only, never
   * to the host page (docs/embedded-wallet.md#sign-in-binding).
   */
  frameOrigins: string[]
  /** Whether loopback host pages may start a sign-in without the allowlist naming them: outside production only. */
  loopbackHosts: boolean
}

export const embeddedConfig = defineConfig({
  env: {
    EMBEDDED_KEK: key32.optional(),
    EMBEDDED_DEV_KEK_FILE: z.string().min(1).optional(),
    EMBEDDED_SENDS_PER_IP: int(1, 1_000_000).default(DEFAULT_SENDS_PER_IP),
    EMBEDDED_DEVICE_WAIT_MS: int(100, DEVICE_WAIT_MAX_MS).default(DEVICE_WAIT_MAX_MS),
    EMBEDDED_FRAME_ORIGINS: z
      .string()
      .transform((value) => value.split(',').map((origin) => origin.trim().replace(/\/+$/, '')))
      .refine(
        (origins) => origins.every((origin) => parseOrigin(origin) !== undefined),
        'origins of the embedded wallet frame separated by commas, like https://wallet.example.com',
      )
      .optional(),
  },
  read: (e, { production, dataDir, issues }): { embedded: EmbeddedConfig } => {
    if (production && !e.EMBEDDED_FRAME_ORIGINS)
      issues.push(
        'EMBEDDED_FRAME_ORIGINS: required in production (the frame origins, like https://wallet.example.com): only the frame may run a sign-in',
      )
    if (production && !e.EMBEDDED_KEK)
      issues.push(
        'EMBEDDED_KEK: required in production (32 bytes in base64): recovery shares are encrypted under it',
      )
    const devKekFile = e.EMBEDDED_DEV_KEK_FILE && resolve(repoRoot, e.EMBEDDED_DEV_KEK_FILE)
    if (production && devKekFile)
      issues.push('EMBEDDED_DEV_KEK_FILE: development only; set EMBEDDED_KEK in production')
    if (devKekFile && !dataDir.startsWith('memory://') && isInside(devKekFile, dataDir))
      issues.push(
        `EMBEDDED_DEV_KEK_FILE: ${devKekFile} is inside the data folder ${dataDir}; keep the key outside it, or a copy of the folder opens every recovery share`,
      )
    return {
      embedded: {
        kek: e.EMBEDDED_KEK,
        devKekFile: devKekFile || undefined,
        sendsPerIp: e.EMBEDDED_SENDS_PER_IP,
        deviceWaitMs: e.EMBEDDED_DEVICE_WAIT_MS,
        frameOrigins: e.EMBEDDED_FRAME_ORIGINS ?? [DEV_FRAME_ORIGIN],
        loopbackHosts: !production,
      },
    }
  },
})
