// Long because every service's variables are parsed here; issue 32's defineService (each service names its env) is
// what splits it, not yet done.
import { isAbsolute, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import {
  addresses as devnetAddresses,
  chainId as devnetChainId,
  uniswapV2PairInitCodeHash,
} from '@allaccess/chain/deployments'
import { DEVNET_NAMES_SIGNER, DEVNET_NAMES_ZONE, devAccounts } from '@allaccess/chain/devnet'
import { DEVNET_FARCASTER_RELAY_KEY, ONRAMP_FEE_PERCENT_RANGE, parseOrigin } from '@allaccess/protocol'
import { type Address, getAddress, type Hex } from 'viem'
import { z } from 'zod'
import { DEFAULT_SENDS_PER_IP, DEV_FRAME_ORIGIN, DEVICE_WAIT_MAX_MS } from '../embedded/limits.js'
import { type TrustProxy, trustProxySchema } from '../http/trust-proxy.js'
import type { StartBlock } from '../indexer/index.js'
import { DEFAULT_BATCH_BLOCKS, DEFAULT_POLL_MS } from '../indexer/limits.js'
import { parseSocialConfig, type SocialConfig } from '../social/config.js'
import { ConfigError } from './errors.js'
import { PublicUrl } from './public-url.js'

/** Repository root: the default data folder lives there, whatever the working directory. */
const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url))

const DEFAULT_ANVIL = 'http://127.0.0.1:8545'
/** PGlite's folder, from the repository root. */
const DEFAULT_DATA_DIR = '.data/cloud'
/** The devnet's prices, beside the cloud's package. */
const DEFAULT_PRICES_FILE = 'apps/cloud/prices.devnet.json'
/** Local dev chains (anvil, hardhat) are indexed from block 0; any other chain from the head at first start. */
const DEV_CHAIN_IDS: readonly number[] = [31337, 1337]
/** The sandbox on-ramp's publishable key and fee (1–2 %, docs/behaviour.md#on-ramp). */
const DEFAULT_ONRAMP_PUBLIC_KEY = 'pk_sandbox_allaccess'
const DEFAULT_ONRAMP_FEE_PERCENT = 1.5
/** The faucet's default sender: anvil's last funded dev account, which the tests and the seed leave alone. */
const FAUCET_DEV_ACCOUNT = devAccounts[devAccounts.length - 1] as (typeof devAccounts)[number]

const int = (min: number, max: number) => z.coerce.number().int().min(min).max(max)
const flag = z.enum(['0', '1', 'true', 'false']).transform((value) => value === '1' || value === 'true')
const httpUrl = z.url({ protocol: /^https?$/ })
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
/** A 32-byte key in base64: the embedded wallet's key-encryption key. */
const key32 = z
  .string()
  .refine((value) => /^[A-Za-z0-9+/]{43}=$/.test(value), '32 bytes in base64 (44 characters)')
  .transform((value) => Buffer.from(value, 'base64'))

const envSchema = z.object({
  CLOUD_PORT: int(0, 65535).default(8787),
  CLOUD_HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  CLOUD_DATA_DIR: z.string().min(1).default(DEFAULT_DATA_DIR),
  CLOUD_PUBLIC_URL: httpUrl.optional(),
  CLOUD_ALLOWED_HOSTS: z
    .string()
    .regex(/^[a-z0-9.-]+(?:,[a-z0-9.-]+)*$/i, 'host names separated by commas, like cloud,cloud.internal')
    .transform((value) => value.toLowerCase().split(','))
    .optional(),
  CLOUD_TRUST_PROXY: trustProxySchema.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  CLOUD_RATE_LIMIT_MAX: int(1, 10_000_000).default(6000),
  CLOUD_RATE_LIMIT_WINDOW_MS: int(1, 86_400_000).default(60_000),
  CLOUD_PROJECT_CACHE_MS: int(0, 3_600_000).default(5000),
  CLOUD_SEED: flag.default(true),
  CLOUD_WALLET_FIXTURE: int(0, 100_000).default(0),
  RPC_TIMEOUT_MS: int(1, 300_000).default(10_000),
  RPC_MAX_LOG_BLOCK_RANGE: int(0, 100_000_000).default(10_000),
  RPC_MAX_LOG_RESULTS: int(1, 1_000_000).default(10_000),
  ANALYTICS_EVENTS_PER_MINUTE: int(1, 10_000_000).default(3000),
  ANALYTICS_MAX_ROWS: int(1, 1_000_000_000).default(1_000_000),
  ANALYTICS_RETENTION_DAYS: int(1, 36_500).default(90),
  ANALYTICS_PRUNE_INTERVAL_MS: int(1000, 86_400_000).default(3_600_000),
  RELAY_MAX_MESSAGE_BYTES: int(1024, 16_777_216).default(262_144),
  RELAY_MAX_TOPICS: int(1, 100_000).default(1000),
  RELAY_MAX_SUBSCRIPTIONS: int(1, 10_000_000).default(100_000),
  RELAY_MESSAGES_PER_SECOND: int(1, 100_000).default(100),
  RELAY_PING_MS: int(100, 300_000).default(15_000),
  RELAY_MAX_TTL_SECONDS: int(1, 2_592_000).default(2_592_000),
  RELAY_TOPIC_MAX_MESSAGES: int(1, 1_000_000).default(100),
  RELAY_TOPIC_MAX_BYTES: int(1024, 1_073_741_824).default(4_194_304),
  RELAY_CLIENT_MAX_MESSAGES: int(1, 1_000_000).default(1000),
  RELAY_CLIENT_MAX_BYTES: int(1024, 1_073_741_824).default(16_777_216),
  INDEXER: flag.default(true),
  INDEXER_POLL_MS: int(10, 600_000).default(DEFAULT_POLL_MS),
  INDEXER_BATCH_BLOCKS: int(1, 10_000).default(DEFAULT_BATCH_BLOCKS),
  CLOUD_PRICES_FILE: z.string().min(1).default(DEFAULT_PRICES_FILE),
  NODE_ENV: z.string().optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().min(3).max(200).default('All-Access Pass <no-reply@allaccess.localhost>'),
  MAILBOX: flag.optional(),
  MAILBOX_HOST: z.string().min(1).default('127.0.0.1'),
  MAILBOX_PORT: int(0, 65535).default(0),
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
  FAUCET_PRIVATE_KEY: z
    .string()
    .regex(/^0x[0-9a-fA-F]{64}$/, '0x and 64 hex digits')
    .optional(),
  NAMES_ZONE: z
    .string()
    .regex(/^(?:[a-z0-9-]+\.)*[a-z0-9-]+$/, 'lower-case DNS labels separated by dots, like allaccess.eth')
    .max(200)
    .default(DEVNET_NAMES_ZONE),
  NAMES_SIGNER_KEY: z
    .string()
    .regex(/^0x[0-9a-fA-F]{64}$/, '0x and 64 hex digits')
    .optional(),
  FARCASTER_RELAY_KEY: z
    .string()
    .regex(/^[\x21-\x7e]{16,512}$/, '16 to 512 printable characters')
    .optional(),
  FARCASTER_ID_REGISTRY: caip10.optional(),
  FARCASTER_CONNECT_URL: httpUrl.default(DEFAULT_FARCASTER_CONNECT_URL),
  ONRAMP_PUBLIC_KEY: z
    .string()
    .regex(/^[\x21-\x7e]{1,200}$/, '1 to 200 printable characters')
    .default(DEFAULT_ONRAMP_PUBLIC_KEY),
  ONRAMP_FEE_PERCENT: z.coerce
    .number()
    .min(ONRAMP_FEE_PERCENT_RANGE.min)
    .max(ONRAMP_FEE_PERCENT_RANGE.max)
    .default(DEFAULT_ONRAMP_FEE_PERCENT),
  ONRAMP_TOKEN_ADDRESS: z
    .string()
    .regex(/^0x[0-9a-fA-F]{40}$/, '0x and 40 hex digits')
    .default(devnetAddresses.testUsd),
  CLOUD_ADMIN_TOKEN: z
    .string()
    .regex(/^[\x21-\x7e]{32,512}$/, '32 to 512 printable characters')
    .optional(),
})

export type CloudConfig = {
  port: number
  host: string
  /** Set: node-postgres against that server. Unset: PGlite in `dataDir`. */
  databaseUrl: string | undefined
  /** PGlite folder, or `memory://` for a throw-away database. */
  dataDir: string
  /** Base of the cloud's absolute URLs: `CLOUD_PUBLIC_URL`, else the listening address. */
  publicUrl: PublicUrl
  /** Names besides the public URL's host that requests may send as `Host` (DNS rebinding finds no other). */
  allowedHosts: string[]
  /** Behind a reverse proxy: which X-Forwarded-For hops name the client (every per-address limit counts it). */
  trustProxy: TrustProxy
  /** Default `warn` in development (no request lines: `info` logs every request), `info` in production. */
  logLevel: NonNullable<z.infer<typeof envSchema>['LOG_LEVEL']>
  rateLimit: { max: number; windowMs: number }
  projectCacheMs: number
  seed: boolean
  walletFixture: number
  rpc: {
    upstreams: Map<number, string>
    timeoutMs: number
    /** eth_getLogs bounds: blocks one call may span, logs one answer may carry. */
    logs: { maxBlockRange: number; maxResults: number }
  }
  analytics: {
    /** Per project, per instance: events over it are throttled. */
    eventsPerMinute: number
    /** Per project: stored events over it are refused until the retention prunes. */
    maxRows: number
    retentionDays: number
    pruneIntervalMs: number
  }
  relay: {
    maxMessageBytes: number
    maxTopics: number
    maxSubscriptions: number
    messagesPerSecond: number
    pingMs: number
    maxTtlSeconds: number
    topicQuota: { messages: number; bytes: number }
    clientQuota: { messages: number; bytes: number }
  }
  indexer: {
    /** Whether this process runs the indexer (an API-only instance of a scaled-out cloud does not). */
    enabled: boolean
    pollMs: number
    batchBlocks: number
    /** Where each chain's indexing starts the first time. */
    startBlock(chainId: number): StartBlock
  }
  /** The JSON file of prices in USD by fungible id (apps/cloud/README.md#prices). */
  pricesFile: string
  /** Guards the admin API; unset: a fresh random token each start. */
  adminToken: string | undefined
  mail: {
    /** Where mail goes: `SMTP_URL`, else the development mailbox. */
    smtpUrl: string | undefined
    from: string
    /**
     * The development mailbox (apps/cloud/README.md#mailbox): on by default when `SMTP_URL` is unset outside
     * production; port 0 takes any free port (`npm start` asks for 2525).
     */
    mailbox: { enabled: boolean; host: string; port: number }
  }
  embedded: {
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
  /** The devnet faucet's sending account (apps/cloud/README.md#faucet). */
  faucet: { privateKey: Hex }
  /** The convert service (apps/cloud/README.md#swaps): the Uniswap V2 exchange of each chain that has one. */
  convert: { exchanges: Map<number, Exchange> }
  /** The name service (apps/cloud/README.md#names). */
  /** Social login's providers (README, Social login): only those configured are offered. */
  social: SocialConfig
  names: {
    /** Names are registered under this zone: "alice" becomes "alice.<zone>". */
    zone: string
    /** Signs the CCIP-Read gateway's answers; the zone's resolver trusts its address. */
    signerKey: Hex
  }
  /** Sign In With Farcaster (apps/cloud/README.md#sign-in-with-farcaster). */
  farcaster: {
    /** The Farcaster app's shared key for approvals; the public devnet key outside production. */
    relayKey: string
    /** Farcaster's ID registry: the devnet's (packages/chain's deployment) unless FARCASTER_ID_REGISTRY says. */
    idRegistry: { chainId: number; address: Address }
    /** The link the QR code shows. */
    connectUrl: string
  }
  /** The sandbox on-ramp provider (apps/cloud/README.md#on-ramp). */
  onramp: {
    /** The provider's publishable key, passed in the checkout URL (apps/cloud/README.md#on-ramp). */
    publicKey: string
    /** The provider's fee in percent (1–2 %, docs/behaviour.md#on-ramp). */
    feePercent: number
    /** The devnet token the sandbox delivers (TestUSD). */
    tokenAddress: Address
  }
}

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
  initCodeHash: z
    .string()
    .regex(/^0x[0-9a-fA-F]{64}$/, '0x and 64 hex digits')
    .transform((value) => value as Hex),
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
function parseExchanges(env: Record<string, string | undefined>, issues: string[]): Map<number, Exchange> {
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

export type ConfigOverrides = { port?: number; host?: string; databaseUrl?: string; dataDir?: string }

/**
 * A relative folder is taken from the repository root, so the server (started from the root) and the
 * admin CLI (run by npm from the workspace folder) agree on it.
 */
function dataDirOf(value: string): string {
  return value.startsWith('memory://') ? value : resolve(repoRoot, value)
}

/** Whether `path` is `folder` or inside it (both absolute). */
function isInside(path: string, folder: string): boolean {
  const rest = relative(folder, path)
  return rest === '' || (!rest.startsWith('..') && !isAbsolute(rest))
}

const UPSTREAM_KEY = /^RPC_UPSTREAM_(\d{1,15})$/

/** Reads `RPC_UPSTREAM_<chainId>` entries; anvil serves 31337 unless told otherwise. */
function parseUpstreams(env: Record<string, string | undefined>, issues: string[]): Map<number, string> {
  const upstreams = new Map<number, string>([[31337, DEFAULT_ANVIL]])
  for (const [key, value] of Object.entries(env)) {
    const match = UPSTREAM_KEY.exec(key)
    if (!match?.[1] || value === undefined || value === '') continue
    const url = httpUrl.safeParse(value)
    if (url.success) upstreams.set(Number(match[1]), url.data)
    else issues.push(`${key}: expected an http(s) URL, got "${value}"`)
  }
  return upstreams
}

const START_KEY = /^INDEXER_START_BLOCK_(\d{1,15})$/

/** Reads `INDEXER_START_BLOCK_<chainId>` entries: a block number, or `head`. */
function parseStartBlocks(
  env: Record<string, string | undefined>,
  issues: string[],
): Map<number, StartBlock> {
  const starts = new Map<number, StartBlock>()
  for (const [key, value] of Object.entries(env)) {
    const match = START_KEY.exec(key)
    if (!match?.[1] || value === undefined || value === '') continue
    if (value === 'head') starts.set(Number(match[1]), 'head')
    else if (/^\d{1,15}$/.test(value)) starts.set(Number(match[1]), Number(value))
    else issues.push(`${key}: expected a block number or "head", got "${value}"`)
  }
  return starts
}

/** Parses the environment (empty values count as unset); explicit overrides win. Throws ConfigError. */
export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  overrides: ConfigOverrides = {},
): CloudConfig {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  )
  const parsed = envSchema.safeParse(present)
  const issues = parsed.success
    ? []
    : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)
  const upstreams = parseUpstreams(env, issues)
  const startBlocks = parseStartBlocks(env, issues)
  const exchanges = parseExchanges(env, issues)
  const social = parseSocialConfig(env, issues)
  const production = parsed.success && parsed.data.NODE_ENV === 'production'
  if (production && !parsed.data.NAMES_SIGNER_KEY)
    issues.push(
      "NAMES_SIGNER_KEY: required in production (0x and 64 hex digits): the names' resolver trusts its signatures",
    )
  if (production && !parsed.data.FARCASTER_RELAY_KEY)
    issues.push(
      'FARCASTER_RELAY_KEY: required in production (16 to 512 printable characters): it lets an app approve Farcaster sign-ins',
    )
  if (production && !parsed.data.EMBEDDED_FRAME_ORIGINS)
    issues.push(
      'EMBEDDED_FRAME_ORIGINS: required in production (the frame origins, like https://wallet.example.com): only the frame may run a sign-in',
    )
  if (production && !parsed.data.EMBEDDED_KEK)
    issues.push(
      'EMBEDDED_KEK: required in production (32 bytes in base64): recovery shares are encrypted under it',
    )
  const dataDir = dataDirOf(overrides.dataDir ?? parsed.data?.CLOUD_DATA_DIR ?? DEFAULT_DATA_DIR)
  const devKekFile =
    parsed.data?.EMBEDDED_DEV_KEK_FILE && resolve(repoRoot, parsed.data.EMBEDDED_DEV_KEK_FILE)
  if (production && devKekFile)
    issues.push('EMBEDDED_DEV_KEK_FILE: development only; set EMBEDDED_KEK in production')
  if (devKekFile && !dataDir.startsWith('memory://') && isInside(devKekFile, dataDir))
    issues.push(
      `EMBEDDED_DEV_KEK_FILE: ${devKekFile} is inside the data folder ${dataDir}; keep the key outside it, or a copy of the folder opens every recovery share`,
    )
  const mailbox =
    parsed.success && (parsed.data.MAILBOX ?? (parsed.data.SMTP_URL === undefined && !production))
  if (production && mailbox)
    issues.push('MAILBOX: the development mailbox (every code and link) cannot run with NODE_ENV=production')
  if (parsed.success && !mailbox && parsed.data.SMTP_URL === undefined)
    issues.push('SMTP_URL: required when the development mailbox is off (MAILBOX=0, or NODE_ENV=production)')
  if (!parsed.success || issues.length > 0) throw new ConfigError(issues)
  const e = parsed.data
  const port = overrides.port ?? e.CLOUD_PORT
  const host = overrides.host ?? e.CLOUD_HOST
  return {
    port,
    host,
    databaseUrl: overrides.databaseUrl ?? e.DATABASE_URL,
    dataDir,
    publicUrl: new PublicUrl(e.CLOUD_PUBLIC_URL?.replace(/\/+$/, ''), host, port),
    allowedHosts: e.CLOUD_ALLOWED_HOSTS ?? [],
    trustProxy: e.CLOUD_TRUST_PROXY,
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'production' ? 'info' : 'warn'),
    rateLimit: { max: e.CLOUD_RATE_LIMIT_MAX, windowMs: e.CLOUD_RATE_LIMIT_WINDOW_MS },
    projectCacheMs: e.CLOUD_PROJECT_CACHE_MS,
    seed: e.CLOUD_SEED,
    walletFixture: e.CLOUD_WALLET_FIXTURE,
    rpc: {
      upstreams,
      timeoutMs: e.RPC_TIMEOUT_MS,
      logs: { maxBlockRange: e.RPC_MAX_LOG_BLOCK_RANGE, maxResults: e.RPC_MAX_LOG_RESULTS },
    },
    analytics: {
      eventsPerMinute: e.ANALYTICS_EVENTS_PER_MINUTE,
      maxRows: e.ANALYTICS_MAX_ROWS,
      retentionDays: e.ANALYTICS_RETENTION_DAYS,
      pruneIntervalMs: e.ANALYTICS_PRUNE_INTERVAL_MS,
    },
    relay: {
      maxMessageBytes: e.RELAY_MAX_MESSAGE_BYTES,
      maxTopics: e.RELAY_MAX_TOPICS,
      maxSubscriptions: e.RELAY_MAX_SUBSCRIPTIONS,
      messagesPerSecond: e.RELAY_MESSAGES_PER_SECOND,
      pingMs: e.RELAY_PING_MS,
      maxTtlSeconds: e.RELAY_MAX_TTL_SECONDS,
      topicQuota: { messages: e.RELAY_TOPIC_MAX_MESSAGES, bytes: e.RELAY_TOPIC_MAX_BYTES },
      clientQuota: { messages: e.RELAY_CLIENT_MAX_MESSAGES, bytes: e.RELAY_CLIENT_MAX_BYTES },
    },
    indexer: {
      enabled: e.INDEXER,
      pollMs: e.INDEXER_POLL_MS,
      batchBlocks: e.INDEXER_BATCH_BLOCKS,
      startBlock: (chainId) => startBlocks.get(chainId) ?? (DEV_CHAIN_IDS.includes(chainId) ? 0 : 'head'),
    },
    pricesFile: resolve(repoRoot, e.CLOUD_PRICES_FILE),
    adminToken: e.CLOUD_ADMIN_TOKEN,
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM,
      mailbox: { enabled: mailbox, host: e.MAILBOX_HOST, port: e.MAILBOX_PORT },
    },
    embedded: {
      kek: e.EMBEDDED_KEK,
      devKekFile: devKekFile || undefined,
      sendsPerIp: e.EMBEDDED_SENDS_PER_IP,
      deviceWaitMs: e.EMBEDDED_DEVICE_WAIT_MS,
      frameOrigins: e.EMBEDDED_FRAME_ORIGINS ?? [DEV_FRAME_ORIGIN],
      loopbackHosts: e.NODE_ENV !== 'production',
    },
    social,
    faucet: { privateKey: (e.FAUCET_PRIVATE_KEY as Hex | undefined) ?? FAUCET_DEV_ACCOUNT.privateKey },
    convert: { exchanges },
    names: {
      zone: e.NAMES_ZONE,
      signerKey: (e.NAMES_SIGNER_KEY as Hex | undefined) ?? DEVNET_NAMES_SIGNER.privateKey,
    },
    farcaster: {
      relayKey: e.FARCASTER_RELAY_KEY ?? DEVNET_FARCASTER_RELAY_KEY,
      idRegistry: e.FARCASTER_ID_REGISTRY ?? { chainId: devnetChainId, address: devnetAddresses.idRegistry },
      connectUrl: e.FARCASTER_CONNECT_URL,
    },
    onramp: {
      publicKey: e.ONRAMP_PUBLIC_KEY,
      feePercent: e.ONRAMP_FEE_PERCENT,
      tokenAddress: e.ONRAMP_TOKEN_ADDRESS as Address,
    },
  }
}
