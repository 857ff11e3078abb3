import { DEVNET_NAMES_SIGNER, DEVNET_NAMES_ZONE } from '@allaccess/chain/devnet'
import type { Hex } from 'viem'
import { z } from 'zod'
import { defineConfig, privateKey } from '../config/section.js'

/** The name service (apps/cloud/README.md#names). */
export type NamesConfig = {
  /** Names are registered under this zone: "alice" becomes "alice.<zone>". */
  zone: string
  /** Signs the CCIP-Read gateway's answers; the zone's resolver trusts its address. */
  signerKey: Hex
}

export const namesConfig = defineConfig({
  env: {
    NAMES_ZONE: z
      .string()
      .regex(/^(?:[a-z0-9-]+\.)*[a-z0-9-]+$/, 'lower-case DNS labels separated by dots, like allaccess.eth')
      .max(200)
      .default(DEVNET_NAMES_ZONE),
    NAMES_SIGNER_KEY: privateKey.optional(),
  },
  read: (e, { production, issues }): { names: NamesConfig } => {
    if (production && !e.NAMES_SIGNER_KEY)
      issues.push(
        "NAMES_SIGNER_KEY: required in production (0x and 64 hex digits): the names' resolver trusts its signatures",
      )
    return {
      names: {
        zone: e.NAMES_ZONE,
        signerKey: (e.NAMES_SIGNER_KEY as Hex | undefined) ?? DEVNET_NAMES_SIGNER.privateKey,
      },
    }
  },
})
