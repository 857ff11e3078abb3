import {
  addresses as devnetAddresses,
  chainId as devnetChainId,
  uniswapV2PairInitCodeHash,
} from '@allaccess/chain/deployments'
import { type Address, getAddress, type Hex } from 'viem'
import { z } from 'zod'
import { defineConfig, privateKey, type RawEnv } from '../config/section.js'

/** A chain's Uniswap V2 deployment, and the tokens offered on it. */
export type Exchange = {
  router: Address
  factory: Address
  /** The pair's creation-code hash, from which the factory's CREATE2 pair addresses follow. */
  initCodeHash: Hex
  /** The router's wrapped coin: the coin's side of every pool. */
  weth: Address
  /** The stablecoin prices are quoted in (USD). */
  usd: Address
  /** ERC-20s offered besides the coin and `usd`. */
  tokens: Address[]
}

const address = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/, 'an address')
  .transform((value) => getAddress(value))
const exchangeSchema = z.object({
  router: address,
  factory: address,
  initCodeHash: privateKey.transform((value) => value as Hex),
  weth: address,
  usd: address,
  tokens: z.array(address).max(50).default([]),
})

/** The devnet's exchange, as packages/chain deploys it: Test USD is its dollar, Test Gold its other token. */
const DEVNET_EXCHANGE: Exchange = {
  router: devnetAddresses.uniswapV2Router02,
  factory: devnetAddresses.uniswapV2Factory,
  initCodeHash: uniswapV2PairInitCodeHash,
  weth: devnetAddresses.weth9,
  usd: devnetAddresses.testUsd,
  tokens: [devnetAddresses.testGold],
}

const EXCHANGE_KEY = /^CONVERT_EXCHANGE_(\d{1,15})$/

/** Reads `CONVERT_EXCHANGE_<chainId>` entries (JSON); the devnet's chain has its exchange unless told otherwise. */
function parseExchanges(env: RawEnv, issues: string[]): Map<number, Exchange> {
  const exchanges = new Map<number, Exchange>([[devnetChainId, DEVNET_EXCHANGE]])
  for (const [key, value] of Object.entries(env)) {
    const match = EXCHANGE_KEY.exec(key)
    if (!match?.[1] || value === undefined || value === '') continue
    let json: unknown
    try {
      json = JSON.parse(value)
    } catch {
      issues.push(`${key}: expected JSON { router, factory, initCodeHash, weth, usd, tokens }`)
      continue
    }
    const parsed = exchangeSchema.safeParse(json)
    if (parsed.success) exchanges.set(Number(match[1]), parsed.data)
    else
      issues.push(...parsed.error.issues.map((issue) => `${key}.${issue.path.join('.')}: ${issue.message}`))
  }
  return exchanges
}

/** The convert service (apps/cloud/README.md#swaps): the Uniswap V2 exchange of each chain that has one. */
export const convertConfig = defineConfig({
  env: {},
  variables: parseExchanges,
  read: (_, { parsed: exchanges }) => ({ convert: { exchanges } }),
})
