import { readFile } from 'node:fs/promises'
import { fungibleIdSchema, NATIVE_TOKEN_REFERENCE } from '@allaccess/protocol'
import { z } from 'zod'
import { ConfigError } from '../config/index.js'

/** A Solana fungible: `solana:<ref>:native` (SOL) or `solana:<ref>:<mint>` (an SPL token). */
const SOLANA_FUNGIBLE_ID = /^solana:[1-9A-HJ-NP-Za-km-z]{32}:(?:[1-9A-HJ-NP-Za-km-z]{32,44}|native)$/

/**
 * USD prices by fungible id, from the prices file (`CLOUD_PRICES_FILE`): `{ "usd": { "<fungible id>": price } }`,
 * ids as `eip155:<chain>:0x<token>` or `eip155:<chain>:native` (on Solana `solana:<ref>:<mint>` or
 * `solana:<ref>:native`). The devnet's file prices its test tokens; a
 * later source (the swap pools) can replace it behind the same two methods.
 */
const pricesFileSchema = z.object({
  usd: z.record(
    z.union([fungibleIdSchema, z.string().regex(SOLANA_FUNGIBLE_ID)]),
    z.number().nonnegative().finite(),
  ),
})

/** A fungible id as stored and compared: the address part lowercased. */
export const normaliseFungibleId = (id: string) => id.toLowerCase()

export class Prices {
  private readonly usd: ReadonlyMap<string, number>

  constructor(usd: Record<string, number>) {
    this.usd = new Map(Object.entries(usd).map(([id, price]) => [normaliseFungibleId(id), price]))
  }

  /** The USD price of a fungible, if the file names it. */
  price(id: string): number | undefined {
    return this.usd.get(normaliseFungibleId(id))
  }

  /** The ERC-20s priced on `chainId` (lowercase addresses): their balances are read even before a transfer is seen. */
  tokens(chainId: number): string[] {
    const prefix = `eip155:${chainId}:`
    return [...this.usd.keys()].flatMap((id) =>
      id.startsWith(prefix) && id !== `${prefix}${NATIVE_TOKEN_REFERENCE}` ? [id.slice(prefix.length)] : [],
    )
  }
}

/** Reads and checks the prices file; a missing or malformed file is the operator's to fix (ConfigError). */
export async function loadPrices(path: string): Promise<Prices> {
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (error) {
    throw new ConfigError([
      `CLOUD_PRICES_FILE: cannot read ${path} (${(error as NodeJS.ErrnoException).code})`,
    ])
  }
  let parsed: z.infer<typeof pricesFileSchema>
  try {
    parsed = pricesFileSchema.parse(JSON.parse(text))
  } catch (error) {
    const issues =
      error instanceof z.ZodError
        ? error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)
        : [(error as Error).message]
    throw new ConfigError(issues.map((issue) => `CLOUD_PRICES_FILE ${path}: ${issue}`))
  }
  return new Prices(parsed.usd)
}
