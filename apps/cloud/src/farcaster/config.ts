import { addresses as devnetAddresses, chainId as devnetChainId } from '@allaccess/chain/deployments'
import { DEVNET_FARCASTER_RELAY_KEY } from '@allaccess/protocol'
import { type Address, getAddress } from 'viem'
import { z } from 'zod'
import { defineConfig, httpUrl } from '../config/section.js'

/**
 * Where Sign In With Farcaster links lead: Farcaster's own sign-in link, which the Farcaster app opens (the QR code
 * and the phone's link); the channel's parameters go in its query.
 */
const DEFAULT_FARCASTER_CONNECT_URL = 'https://farcaster.xyz/~/siwf'
/** Farcaster's ID registry as `eip155:<chain id>:<address>` (CAIP-10). */
const caip10 = z
  .string()
  .regex(
    /^eip155:\d{1,15}:0x[0-9a-fA-F]{40}$/,
    'eip155:<chain id>:<address>, like eip155:10:0x00000000Fc6c5F01Fc30151999387Bb99A9f489b',
  )
  .transform((value) => {
    const [, chainId, address] = value.split(':')
    return { chainId: Number(chainId), address: getAddress(address as Address) }
  })

/** Sign In With Farcaster (apps/cloud/README.md#sign-in-with-farcaster). */
export type FarcasterConfig = {
  /** The Farcaster app's shared key for approvals; the public devnet key outside production. */
  relayKey: string
  /** Farcaster's ID registry: the devnet's (packages/chain's deployment) unless FARCASTER_ID_REGISTRY says. */
  idRegistry: { chainId: number; address: Address }
  /** The link the QR code shows. */
  connectUrl: string
}

export const farcasterConfig = defineConfig({
  env: {
    FARCASTER_RELAY_KEY: z
      .string()
      .regex(/^[\x21-\x7e]{16,512}$/, '16 to 512 printable characters')
      .optional(),
    FARCASTER_ID_REGISTRY: caip10.optional(),
    FARCASTER_CONNECT_URL: httpUrl.default(DEFAULT_FARCASTER_CONNECT_URL),
  },
  read: (e, { production, issues }): { farcaster: FarcasterConfig } => {
    if (production && !e.FARCASTER_RELAY_KEY)
      issues.push(
        'FARCASTER_RELAY_KEY: required in production (16 to 512 printable characters): it lets an app approve Farcaster sign-ins',
      )
    return {
      farcaster: {
        relayKey: e.FARCASTER_RELAY_KEY ?? DEVNET_FARCASTER_RELAY_KEY,
        idRegistry: e.FARCASTER_ID_REGISTRY ?? {
          chainId: devnetChainId,
          address: devnetAddresses.idRegistry,
        },
        connectUrl: e.FARCASTER_CONNECT_URL,
      },
    }
  },
})
