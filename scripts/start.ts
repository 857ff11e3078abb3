import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { DEFAULT_BUNDLER_PORT } from '@allaccess/chain/devnet'
import { closeOnSignals, loadConfig, mailboxUrlOf, PortInUseError, readAdminEndpoint } from '@allaccess/cloud'
import { devSocialEnv } from '@allaccess/oidc-dev'
import { NAMES_CCIP_POST_PATH, SOCIAL_PROVIDERS } from '@allaccess/protocol'
import { DEFAULT_SOLANA_PORT } from '@allaccess/solana-chain/constants'
import { FRAME_HOST, hostOrigin, SITE_HOST } from './hosts'
import { assertPortFree } from './ports'
import { createSupervisor } from './supervisor'

/**
 * `npm start`: the whole product on this machine, each part its own process under one supervisor — anvil with the
 * contracts, the bundler (Alto, ERC-4337), the local Solana chain (packages/solana-chain), the development identity provider (the six social providers), the cloud, the embedded wallet's frame and the site's production build. A crash restarts that part alone; Ctrl-C stops all.
 */
const envFile = fileURLToPath(new URL('../.env', import.meta.url))
if (existsSync(envFile)) process.loadEnvFile(envFile)

/**
 * `npm start` asks for the cloud's development mode: its key-encryption key generated into this file, outside the
 * data folder (.data/cloud), unless EMBEDDED_KEK gives the key.
 */
const DEV_KEK_FILE = '.dev-secrets/embedded-kek'

const tsx = fileURLToPath(new URL('../node_modules/.bin/tsx', import.meta.url))
const script = (path: string) => fileURLToPath(new URL(path, import.meta.url))
const ports = {
  ANVIL_PORT: Number(process.env.ANVIL_PORT ?? 8545),
  /** The local Solana chain's JSON-RPC; its subscriptions listen on the next port. */
  SOLANA_PORT: Number(process.env.SOLANA_PORT ?? 8899),
  /** Alto, the ERC-4337 bundler the cloud's /v1/bundler forwards to. */
  BUNDLER_PORT: Number(process.env.BUNDLER_PORT ?? DEFAULT_BUNDLER_PORT),
  CLOUD_PORT: Number(process.env.CLOUD_PORT ?? 8787),
  SITE_PORT: Number(process.env.SITE_PORT ?? 5173),
  FRAME_PORT: Number(process.env.FRAME_PORT ?? 8788),
  /** The development identity provider of the social providers not configured in the environment. */
  OIDC_PORT: Number(process.env.OIDC_PORT ?? 8789),
  /** The cloud's development mailbox (SMTP), unless SMTP_URL sends mail elsewhere. */
  ...(process.env.SMTP_URL ? {} : { MAILBOX_PORT: Number(process.env.MAILBOX_PORT ?? 2525) }),
}
const rpcUrl = `http://127.0.0.1:${ports.ANVIL_PORT}`
const solanaUrl = `http://127.0.0.1:${ports.SOLANA_PORT}`
const bundlerUrl = `http://127.0.0.1:${ports.BUNDLER_PORT}`
const cloudUrl = `http://127.0.0.1:${ports.CLOUD_PORT}`
const frameUrl = `${hostOrigin(FRAME_HOST, ports.FRAME_PORT)}/`
const cloudPublicUrl = (process.env.CLOUD_PUBLIC_URL ?? cloudUrl).replace(/\/+$/, '')
// A provider with a real app in the environment (README, Social login) keeps it; the rest use the local provider.
const devSocial = Object.fromEntries(
  Object.entries(devSocialEnv(`http://127.0.0.1:${ports.OIDC_PORT}`)).filter(
    ([variable]) =>
      !SOCIAL_PROVIDERS.some(
        (provider) =>
          variable.startsWith(`SOCIAL_${provider.toUpperCase()}_`) &&
          process.env[`SOCIAL_${provider.toUpperCase()}_CLIENT_ID`],
      ),
  ),
)

try {
  for (const [variable, port] of Object.entries(ports)) await assertPortFree(port, variable)
  await assertPortFree(ports.SOLANA_PORT + 1, 'SOLANA_PORT (its subscriptions take the next port)')
} catch (error) {
  console.error(error instanceof PortInUseError ? error.message : error)
  process.exit(1)
}

const supervisor = createSupervisor([
  {
    name: 'chain',
    command: tsx,
    args: [script('./parts/chain.ts')],
    // The names resolver asks the cloud's gateway at its public address (docs/names.md).
    env: {
      ANVIL_PORT: String(ports.ANVIL_PORT),
      NAMES_GATEWAY_URL:
        (process.env.CLOUD_PUBLIC_URL ?? cloudUrl).replace(/\/+$/, '') + NAMES_CCIP_POST_PATH,
    },
    ready: /^chain ready/,
  },
  {
    name: 'solana',
    command: tsx,
    args: [script('../packages/solana-chain/scripts/solana.ts')],
    env: { SOLANA_PORT: String(ports.SOLANA_PORT) },
    ready: /^solana ready/,
  },
  {
    name: 'bundler',
    command: tsx,
    args: [script('./parts/bundler.ts')],
    env: { RPC_URL: rpcUrl, BUNDLER_PORT: String(ports.BUNDLER_PORT) },
    ready: /^bundler ready/,
  },
  {
    name: 'oidc',
    command: tsx,
    args: [script('./parts/oidc.ts')],
    env: { OIDC_PORT: String(ports.OIDC_PORT), CLOUD_PUBLIC_URL: cloudPublicUrl },
    ready: /^oidc ready/,
  },
  {
    name: 'cloud',
    command: tsx,
    args: [script('../apps/cloud/src/main.ts')],
    env: {
      CLOUD_PORT: String(ports.CLOUD_PORT),
      ...(ports.MAILBOX_PORT === undefined ? {} : { MAILBOX_PORT: String(ports.MAILBOX_PORT) }),
      RPC_UPSTREAM_31337: process.env.RPC_UPSTREAM_31337 ?? rpcUrl,
      SOLANA_RPC_LOCAL: process.env.SOLANA_RPC_LOCAL ?? solanaUrl,
      BUNDLER_UPSTREAM_31337: process.env.BUNDLER_UPSTREAM_31337 ?? bundlerUrl,
      ...(process.env.EMBEDDED_KEK
        ? {}
        : { EMBEDDED_DEV_KEK_FILE: process.env.EMBEDDED_DEV_KEK_FILE ?? DEV_KEK_FILE }),
      ...devSocial,
      // Only the frame runs sign-ins, and the social callback hands its code to the frame alone.
      EMBEDDED_FRAME_ORIGINS: process.env.EMBEDDED_FRAME_ORIGINS ?? hostOrigin(FRAME_HOST, ports.FRAME_PORT),
    },
    ready: /^cloud listening on/,
  },
  {
    name: 'frame',
    command: tsx,
    args: [script('./parts/frame.ts')],
    env: { FRAME_PORT: String(ports.FRAME_PORT), VITE_CLOUD_URL: cloudUrl },
    ready: /^frame ready/,
  },
  {
    name: 'site',
    command: tsx,
    args: [script('./parts/site.ts')],
    env: {
      SITE_PORT: String(ports.SITE_PORT),
      VITE_CLOUD_URL: cloudUrl,
      VITE_RPC_URL: rpcUrl,
      VITE_FRAME_URL: frameUrl,
      // SITE_SOLANA=on: the site adds the local Solana network (README, Solana).
      ...(process.env.SITE_SOLANA === 'on'
        ? { VITE_SOLANA_RPC_URL: `http://127.0.0.1:${process.env.SOLANA_PORT ?? DEFAULT_SOLANA_PORT}` }
        : {}),
    },
    ready: /^site ready/,
  },
])
closeOnSignals(supervisor.stop)
try {
  await supervisor.start()
  // The mailbox answers its key, made from the admin token the cloud left in its data folder.
  const endpoint = readAdminEndpoint(loadConfig(process.env).dataDir)
  const mailboxLink = endpoint ? mailboxUrlOf(endpoint.url, endpoint.token) : 'the link the cloud printed'
  const mailbox = ports.MAILBOX_PORT === undefined ? '' : `\n  Development mailbox: ${mailboxLink}`
  const social = `\n  Social login: test users alice, bob, carol0 (password <name>-password) at http://127.0.0.1:${ports.OIDC_PORT}`
  console.log(
    `\n  All-Access Pass is running: ${hostOrigin(SITE_HOST, ports.SITE_PORT)}/${mailbox}${social}\n  Press Ctrl-C to stop.\n`,
  )
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  await supervisor.stop()
  process.exit(1)
}
