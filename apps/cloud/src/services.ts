import type { FastifyBaseLogger } from 'fastify'
import { pino } from 'pino'
import { type AccountSource, indexedAccountSource, loadPrices } from './account/index.js'
import type { CloudConfig } from './config/index.js'
import { ConvertService, withPoolPrices } from './convert/index.js'
import { type Database, openDatabase } from './db/index.js'
import { DirectoryStore, loadWalletFixture, seedDirectory, WalletDirectory } from './directory/index.js'
import { EmbeddedService, loadKek, Secrets } from './embedded/index.js'
import { FarcasterService, FarcasterSignIn, IdRegistry, SIGN_IN_WAIT_MAX_MS } from './farcaster/index.js'
import { DevnetSigner, Faucet } from './faucet/index.js'
import { Upstreams } from './gateway/index.js'
import { Indexer, IndexerQueries } from './indexer/index.js'
import { Mailer } from './mail/index.js'
import { DevMailbox } from './mailbox/index.js'
import { CcipGateway, NameService, NameStanding } from './names/index.js'
import { OnrampService } from './onramp/index.js'
import { isAddressInUse, PortInUseError } from './port-in-use.js'
import { LOCAL_PROJECT, ProjectStore } from './projects/index.js'
import { openRelay, type Relay } from './relay/index.js'
import { SiwxChains, SiwxService } from './siwx/index.js'
import { SocialService } from './social/index.js'
import { RESULT_WAIT_MAX_MS } from './social/limits.js'
import { openVerify, type VerifyService } from './verify/index.js'

export type CloudServices = {
  config: CloudConfig
  database: Database
  projects: ProjectStore
  directoryStore: DirectoryStore
  directory: WalletDirectory
  upstreams: Upstreams
  account: AccountSource
  /** Started only when `config.indexer.enabled`; its store and `synced` serve either way. */
  indexer: Indexer
  relay: Relay
  verify: VerifyService
  /** The development mailbox, when `config.mail.mailbox.enabled`. */
  mailbox: DevMailbox | undefined
  embedded: EmbeddedService
  /** Social login: the providers of `config.social`, signing in through `embedded`. */
  social: SocialService
  faucet: Faucet
  convert: ConvertService
  names: NameService
  onramp: OnrampService
  namesGateway: CcipGateway
  siwx: SiwxService
  farcaster: FarcasterService
  /** The embedded wallet's Farcaster sign-in: the relay's channels, signing in through `embedded`. */
  farcasterSignIn: FarcasterSignIn
  close(): Promise<void>
}

/** The development mailbox on its configured port; PortInUseError when another process holds it. */
async function openMailbox(config: CloudConfig, log: FastifyBaseLogger): Promise<DevMailbox | undefined> {
  const { enabled, host, port } = config.mail.mailbox
  if (!enabled) return undefined
  try {
    return await DevMailbox.start(host, port, {
      onError: (error) => log.warn({ err: error }, 'mailbox error'),
    })
  } catch (error) {
    throw isAddressInUse(error) ? new PortInUseError(port, 'MAILBOX_PORT') : error
  }
}

/** The indexer over the gateway's upstreams, following them when this process indexes. */
export function openIndexer(
  config: CloudConfig,
  database: Database,
  upstreams: Upstreams,
  log: FastifyBaseLogger,
  knownTokens: (chainId: number) => readonly string[],
): Indexer {
  const indexer = new Indexer({
    db: database.db,
    databaseUrl: config.databaseUrl,
    upstreams,
    log,
    pollMs: config.indexer.pollMs,
    batchBlocks: config.indexer.batchBlocks,
    startBlock: config.indexer.startBlock,
    knownTokens,
  })
  if (config.indexer.enabled) indexer.start()
  return indexer
}

/** Opens the database (migrated), seeds what the configuration asks for and builds the stores. */
export async function openServices(
  config: CloudConfig,
  log: FastifyBaseLogger = pino({ level: 'silent' }),
): Promise<CloudServices> {
  // First: without a key the cloud refuses to start, before it creates anything.
  const secrets = new Secrets(loadKek(config.embedded, config, log))
  const database = await openDatabase(config)
  let mailbox: DevMailbox | undefined
  try {
    mailbox = await openMailbox(config, log)
    const projects = new ProjectStore(database.db, config.projectCacheMs)
    const directoryStore = new DirectoryStore(database.db)
    if (config.seed) {
      await projects.ensure(LOCAL_PROJECT)
      await seedDirectory(directoryStore)
    }
    const fixtureKey = `${config.walletFixture}:1`
    if (config.walletFixture > 0 && (await directoryStore.meta('seed:fixture')) !== fixtureKey) {
      await loadWalletFixture(directoryStore, config.walletFixture)
      await directoryStore.setMeta('seed:fixture', fixtureKey)
    }
    const directory = new WalletDirectory(directoryStore, log)
    await directory.reload()
    const upstreams = new Upstreams(config.rpc.upstreams, config.rpc.timeoutMs)
    const prices = await loadPrices(config.pricesFile)
    const convert = new ConvertService(upstreams, config.convert.exchanges, (idOrSymbol) =>
      config.publicUrl.http(`/public/getTokenImage/${idOrSymbol}`),
    )
    const account = withPoolPrices(
      indexedAccountSource({
        queries: new IndexerQueries(database.db),
        upstreams,
        prices,
        publicUrl: config.publicUrl,
      }),
      convert,
    )
    const relay = await openRelay({
      db: database.db,
      databaseUrl: config.databaseUrl,
      limits: config.relay,
      log,
    })
    const verify = await openVerify(database.db, projects, log)
    // The configuration guarantees one of the two.
    const mailer = new Mailer(config.mail.smtpUrl ?? (mailbox as DevMailbox).smtpUrl, config.mail.from)
    const embedded = new EmbeddedService(database.db, secrets, mailer, config.publicUrl, config.embedded, log)
    const social = new SocialService(
      database.db,
      config.social,
      embedded,
      config.publicUrl,
      log,
      RESULT_WAIT_MAX_MS,
    )
    // One signer for the faucet and the on-ramp's deliveries: one queue, so each send takes the next nonce.
    const devnetSigner = new DevnetSigner(upstreams, config.faucet.privateKey)
    const faucet = new Faucet(devnetSigner)
    const onramp = new OnrampService(database.db, devnetSigner, config.publicUrl, config.onramp)
    const chains = new SiwxChains(upstreams)
    const names = new NameService(
      database.db,
      upstreams,
      config.names.zone,
      new NameStanding(database.db, chains),
    )
    const namesGateway = new CcipGateway(names, config.names.signerKey)
    const siwx = new SiwxService(database.db, chains, log)
    const farcaster = new FarcasterService({
      relayKey: config.farcaster.relayKey,
      connectUrl: config.farcaster.connectUrl,
      registry: new IdRegistry(upstreams, config.farcaster.idRegistry),
      chains,
    })
    const farcasterSignIn = new FarcasterSignIn(farcaster, embedded, SIGN_IN_WAIT_MAX_MS)
    // Last: nothing after it can fail and leave its loops running over a closed database.
    const indexer = openIndexer(config, database, upstreams, log, (chainId) => prices.tokens(chainId))
    return {
      config,
      database,
      projects,
      directoryStore,
      directory,
      upstreams,
      account,
      indexer,
      relay,
      verify,
      mailbox,
      embedded,
      social,
      faucet,
      convert,
      names,
      onramp,
      namesGateway,
      siwx,
      farcaster,
      farcasterSignIn,
      close: async () => {
        embedded.close()
        social.close()
        siwx.close()
        mailer.close()
        verify.close()
        await indexer.close()
        await directory.settled()
        await relay.close()
        await upstreams.close()
        await mailbox?.close()
        await database.close()
      },
    }
  } catch (error) {
    await mailbox?.close()
    await database.close()
    throw error
  }
}
