import { type Deployment, deployAll, startAlto, startAnvil } from '@allaccess/chain'
import { newKek, type RunningCloud, startCloud } from '@allaccess/cloud'
import { type DevOidc, devClients, devSocialEnv, startDevOidc } from '@allaccess/oidc-dev'
import { NAMES_CCIP_POST_PATH } from '@allaccess/protocol'
import { start as startSolana } from '@allaccess/solana-chain'
import { freePort } from '@allaccess/testkit'
import { FRAME_HOST, hostOrigin } from './hosts'
import { startFrame, startSite } from './site'

export type StackOptions = {
  /** 0 picks a free port. */
  anvilPort: number
  cloudPort: number
  sitePort: number
  /** The embedded wallet's frame (0 picks a free port). */
  framePort?: number
  /** The development identity provider of the six social providers (0 picks a free port). */
  oidcPort?: number
  /** Where the site's production build goes (default apps/site/dist). */
  siteDist?: string
  /** Where the frame's production build goes (default apps/frame/dist). */
  frameDist?: string
  /**
   * Whether to build and run the embedded wallet's frame (default true). A stack for tests that use no e-mail or
   * social login skips its build; its site then names a frame address nothing answers.
   */
  withFrame?: boolean
  /**
   * The local Solana chain (packages/solana-chain) on this port, its subscriptions on the next (0 picks free
   * ones), the cloud's local Solana network; unset, the stack runs none.
   */
  solanaPort?: number
  /**
   * Runs Alto (the ERC-4337 bundler) on the devnet at this port (0 picks a free one), the cloud's /v1/bundler in
   * front of it; without it the stack has no bundler (Alto takes ~3 s to start).
   */
  bundlerPort?: number
  /** The cloud's data folder; `memory://` for a throw-away database. Default: the cloud's configuration. */
  cloudDataDir?: string
  /** Extra cloud configuration (see apps/cloud/README.md); process.env wins over it. */
  cloudEnv?: Record<string, string | undefined>
}

export type Stack = {
  rpcUrl: string
  /** The local Solana chain's JSON-RPC and subscriptions, when the stack was asked for it (`solanaPort`). */
  solana?: { url: string; wsUrl: string; chainId: string }
  cloudUrl: string
  /** The cloud's development mailbox with its key (`RunningCloud.mailboxUrl`), while the cloud runs. */
  readonly mailboxUrl: string | undefined
  siteUrl: string
  /** The frame's address; nothing answers there in a stack started `withFrame: false`. */
  frameUrl: string
  /** The development identity provider (apps/oidc-dev), the issuer of all six social providers. */
  oidcUrl: string
  /** Alto's address, in a stack started with `bundlerPort`. */
  bundlerUrl: string | undefined
  deployment: Deployment
  /**
   * Stops the cloud alone and starts it again on the same port and data folder (what its relay cached survives
   * only in a real folder, not `memory://`); anvil and the site keep running.
   */
  restartCloud(): Promise<void>
  /** Stops the cloud alone (the site then reads the chain from anvil directly); `resumeCloud` starts it again. */
  stopCloud(): Promise<void>
  resumeCloud(): Promise<void>
  /**
   * Ends the life of the one-time codes sent to `email` (as 10 minutes would), in the database of the running
   * cloud: a browser test then shows what a visitor who waited too long sees, without moving every test's clock.
   */
  expireCodes(email: string): Promise<void>
  /**
   * Ends the wait before the next code e-mail to `email` (as 30 s would, docs/embedded-wallet.md), in the database of
   * the running cloud: a browser test sends the next code without waiting out the throttle in real time.
   */
  endCodeWait(email: string): Promise<void>
  /** Stops the identity provider alone (the cloud then cannot start a social sign-in); `resumeOidc` restarts it. */
  stopOidc(): Promise<void>
  resumeOidc(): Promise<void>
  stop(): Promise<void>
}

/**
 * The whole product in this process: anvil with the contracts, the development identity provider, the cloud (its
 * RPC gateway in front of anvil, its six social providers on that identity provider), the embedded wallet's frame and the site's production build pointed at that cloud. Used by the browser tests, the benchmark and the
 * screenshot script; `stop()` stops everything it started, in reverse order.
 */
export async function startStack(options: StackOptions): Promise<Stack> {
  const stops: (() => Promise<void>)[] = []
  const stop = async () => {
    for (const step of stops.reverse()) await step().catch((error: unknown) => console.error(error))
  }
  try {
    const anvil = await startAnvil({ port: options.anvilPort })
    stops.push(anvil.stop)
    const solana =
      options.solanaPort === undefined
        ? undefined
        : await startSolana({ port: options.solanaPort, ...(options.solanaPort === 0 ? { wsPort: 0 } : {}) })
    if (solana) stops.push(solana.close)
    const cloudPort = options.cloudPort || (await freePort())
    // The names resolver asks this stack's cloud (docs/names.md).
    const deployment = await deployAll({
      rpcUrl: anvil.rpcUrl,
      writeModule: false,
      names: { gatewayUrl: `http://127.0.0.1:${cloudPort}${NAMES_CCIP_POST_PATH}` },
    })

    const bundler =
      options.bundlerPort === undefined
        ? undefined
        : await startAlto({ rpcUrl: anvil.rpcUrl, port: options.bundlerPort || (await freePort()) })
    if (bundler) stops.push(bundler.stop)

    // The provider sends users back to this cloud; the cloud trusts it for all six providers.
    const oidcPort = options.oidcPort || (await freePort())
    const startOidc = () =>
      startDevOidc({ port: oidcPort, clients: devClients(`http://127.0.0.1:${cloudPort}`) })
    let oidc: DevOidc | undefined = await startOidc()
    const stopOidc = async () => {
      await oidc?.close()
      oidc = undefined
    }
    stops.push(stopOidc)

    // Known before the cloud starts: only the frame's origin may run sign-ins (EMBEDDED_FRAME_ORIGINS).
    const framePort = options.framePort || (await freePort())
    const cloudOptions = {
      port: cloudPort,
      ...(options.cloudDataDir ? { dataDir: options.cloudDataDir } : {}),
      env: {
        RPC_UPSTREAM_31337: anvil.rpcUrl,
        ...(solana ? { SOLANA_RPC_LOCAL: solana.url } : {}),
        ...(bundler ? { BUNDLER_UPSTREAM_31337: bundler.bundlerUrl } : {}),
        LOG_LEVEL: 'warn',
        // The stack's data lives no longer than the stack: its key-encryption key lives in memory, restarts included.
        EMBEDDED_KEK: newKek(),
        EMBEDDED_FRAME_ORIGINS: hostOrigin(FRAME_HOST, framePort),
        ...devSocialEnv(oidc.issuer),
        ...options.cloudEnv,
        ...process.env,
        // A development cloud (its mailbox on), whatever NODE_ENV says: Vite's build sets it to 'production' in
        // the process that builds (and the test workers it spawns inherit it).
        NODE_ENV: 'development',
      },
    }
    let cloud: RunningCloud | undefined = await startCloud(cloudOptions)
    const stopCloud = async () => {
      await cloud?.close()
      cloud = undefined
    }
    const resumeCloud = async () => {
      cloud ??= await startCloud(cloudOptions)
    }
    stops.push(stopCloud)

    const frame =
      options.withFrame === false
        ? { url: `http://127.0.0.1:${framePort}` }
        : await startFrame({
            port: framePort,
            cloudUrl: cloud.url,
            ...(options.frameDist ? { outDir: options.frameDist } : {}),
          })
    if ('close' in frame) stops.push(frame.close)
    const port = options.sitePort || (await freePort())
    const site = await startSite({
      port,
      cloudUrl: cloud.url,
      chainRpcUrl: anvil.rpcUrl,
      frameUrl: frame.url,
      ...(options.siteDist ? { outDir: options.siteDist } : {}),
    })
    stops.push(site.close)
    /** A parameterised query on the running cloud's database (either kind: PGlite and node-postgres take one). */
    const query = async (text: string, params: unknown[]) => {
      if (!cloud) throw new Error('the cloud is stopped')
      const { $client } = cloud.services.database.db as unknown as {
        $client: { query(text: string, params: unknown[]): Promise<unknown> }
      }
      await $client.query(text, params)
    }
    return {
      rpcUrl: anvil.rpcUrl,
      ...(solana ? { solana: { url: solana.url, wsUrl: solana.wsUrl, chainId: solana.chainId } } : {}),
      cloudUrl: cloud.url,
      get mailboxUrl() {
        return cloud?.mailboxUrl
      },
      siteUrl: site.url,
      frameUrl: frame.url,
      oidcUrl: `http://127.0.0.1:${oidcPort}`,
      bundlerUrl: bundler?.bundlerUrl,
      deployment,
      stopCloud,
      resumeCloud,
      stopOidc,
      expireCodes: (email) => query('update embedded_codes set expires_at = 0 where email = $1', [email]),
      endCodeWait: (email) =>
        query('update embedded_email_limits set last_sent_at = 0 where email = $1', [email]),
      resumeOidc: async () => {
        oidc ??= await startOidc()
      },
      restartCloud: async () => {
        await stopCloud()
        await resumeCloud()
      },
      stop,
    }
  } catch (error) {
    await stop()
    throw error
  }
}
