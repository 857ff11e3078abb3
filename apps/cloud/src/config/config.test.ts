import { addresses } from '@allaccess/chain/deployments'
import { DEVNET_NAMES_SIGNER } from '@allaccess/chain/devnet'
import { DEVNET_FARCASTER_RELAY_KEY } from '@allaccess/protocol'
import { describe, expect, it } from 'vitest'
import { loadConfig } from '../services.js'
import { ConfigError } from './errors.js'

describe('loadConfig', () => {
  it('has local defaults', () => {
    const config = loadConfig({})
    expect(config).toMatchObject({
      port: 8787,
      host: '127.0.0.1',
      databaseUrl: undefined,
      logLevel: 'warn',
      seed: true,
    })
    // Quiet in development (one request line per request at `info`), every request in production, else as set.
    expect(loadConfig({ LOG_LEVEL: 'info' }).logLevel).toBe('info')
    expect(config.dataDir).toMatch(/^\/.*\/\.data\/cloud$/)
    expect(loadConfig({ CLOUD_DATA_DIR: '.data/other' }).dataDir).toBe(
      config.dataDir.replace(/cloud$/, 'other'),
    )
    expect(loadConfig({}, { dataDir: 'memory://' }).dataDir).toBe('memory://')
    expect([...config.rpc.upstreams]).toEqual([[31337, 'http://127.0.0.1:8545']])
    expect(config.publicUrl.http('/x')).toBe('http://127.0.0.1:8787/x')
    expect(loadConfig({ CLOUD_HOST: '0.0.0.0' }).publicUrl.ws('/relay')).toBe('ws://127.0.0.1:8787/relay')
    expect(config.analytics).toEqual({
      eventsPerMinute: 3000,
      maxRows: 1_000_000,
      retentionDays: 90,
      pruneIntervalMs: 3_600_000,
    })
  })

  it('reads the environment, treating empty values as unset; explicit options win', () => {
    const config = loadConfig(
      {
        CLOUD_PORT: '9000',
        CLOUD_HOST: '',
        DATABASE_URL: 'postgres://u@127.0.0.1:5432/db',
        RPC_UPSTREAM_31337: 'http://127.0.0.1:9545',
        RPC_UPSTREAM_8453: 'https://base.example/rpc',
        CLOUD_WALLET_FIXTURE: '1000',
        CLOUD_SEED: 'false',
        CLOUD_PUBLIC_URL: 'https://cloud.example/',
      },
      { port: 1234 },
    )
    expect(config).toMatchObject({ port: 1234, host: '127.0.0.1', walletFixture: 1000, seed: false })
    expect(config.databaseUrl).toBe('postgres://u@127.0.0.1:5432/db')
    expect(config.publicUrl.http('/getWalletImage/a')).toBe('https://cloud.example/getWalletImage/a')
    expect(config.publicUrl.ws('/relay')).toBe('wss://cloud.example/relay')
    expect(config.rpc.upstreams.get(31337)).toBe('http://127.0.0.1:9545')
    expect(config.rpc.upstreams.get(8453)).toBe('https://base.example/rpc')
  })

  it('names every bad value', () => {
    const attempt = () =>
      loadConfig({
        CLOUD_PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        LOG_LEVEL: 'loud',
        RPC_UPSTREAM_1: 'ftp://x',
        INDEXER_START_BLOCK_1: 'genesis',
      })
    expect(attempt).toThrow(ConfigError)
    try {
      attempt()
    } catch (error) {
      const { issues } = error as ConfigError
      expect(issues.map((issue) => issue.split(':')[0])).toEqual([
        'CLOUD_PORT',
        'DATABASE_URL',
        'LOG_LEVEL',
        'RPC_UPSTREAM_1',
        'INDEXER_START_BLOCK_1',
      ])
    }
  })

  it('indexes dev chains from block 0 and others from the head, unless told otherwise', () => {
    const config = loadConfig({ INDEXER_START_BLOCK_8453: '123', INDEXER_START_BLOCK_31337: 'head' })
    expect([1, 1337, 8453, 31337].map((chainId) => config.indexer.startBlock(chainId))).toEqual([
      'head',
      0,
      123,
      'head',
    ])
    expect(loadConfig({}).indexer).toMatchObject({ enabled: true, pollMs: 1000, batchBlocks: 100 })
    expect(loadConfig({ INDEXER: '0' }).indexer.enabled).toBe(false)
    expect(loadConfig({}).pricesFile).toMatch(/\/apps\/cloud\/prices\.devnet\.json$/)
  })
})

describe('the embedded wallet and mail configuration', () => {
  const kek = Buffer.alloc(32, 9).toString('base64')

  it('runs the development mailbox unless SMTP_URL is set, and reads the KEK', () => {
    const config = loadConfig({})
    expect(config.mail).toMatchObject({
      smtpUrl: undefined,
      mailbox: { enabled: true, host: '127.0.0.1', port: 0 },
    })
    expect(config.embedded.kek).toBeUndefined()
    const smtp = loadConfig({
      SMTP_URL: 'smtp://mail.example:587',
      MAIL_FROM: 'Wallet <w@example.com>',
      EMBEDDED_KEK: kek,
    })
    expect(smtp.mail).toMatchObject({ smtpUrl: 'smtp://mail.example:587', from: 'Wallet <w@example.com>' })
    expect(smtp.mail.mailbox.enabled).toBe(false)
    expect(smtp.embedded.kek).toEqual(Buffer.alloc(32, 9))
    expect(loadConfig({ SMTP_URL: 'smtp://mail.example', MAILBOX: '1' }).mail.mailbox.enabled).toBe(true)
    // Every code and link of every user: never in production.
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        SMTP_URL: 'smtp://mail.example',
        EMBEDDED_KEK: kek,
        MAILBOX: '1',
      }),
    ).toThrow(/MAILBOX: the development mailbox \(every code and link\) cannot run with NODE_ENV=production/)
  })

  it('takes extra Host names from CLOUD_ALLOWED_HOSTS', () => {
    expect(loadConfig({}).allowedHosts).toEqual([])
    expect(loadConfig({ CLOUD_ALLOWED_HOSTS: 'Cloud,cloud.internal' }).allowedHosts).toEqual([
      'cloud',
      'cloud.internal',
    ])
    for (const bad of ['a b', 'a,,b', 'cloud:8787', 'http://cloud'])
      expect(() => loadConfig({ CLOUD_ALLOWED_HOSTS: bad }), bad).toThrow(ConfigError)
  })

  it('names: the devnet zone and signer by default, both configurable', () => {
    expect(loadConfig({}).names).toEqual({ zone: 'allaccess.eth', signerKey: DEVNET_NAMES_SIGNER.privateKey })
    const key = `0x${'ab'.repeat(32)}`
    expect(loadConfig({ NAMES_ZONE: 'pass.example.eth', NAMES_SIGNER_KEY: key }).names).toEqual({
      zone: 'pass.example.eth',
      signerKey: key,
    })
    for (const zone of ['Upper.eth', '.eth', 'a..eth', 'a_b.eth'])
      expect(() => loadConfig({ NAMES_ZONE: zone }), zone).toThrow(ConfigError)
    expect(() => loadConfig({ NAMES_SIGNER_KEY: '0x1234' })).toThrow(ConfigError)
  })

  it("reads Farcaster's relay key, ID registry and link, with the devnet's by default", () => {
    expect(loadConfig({}).farcaster).toEqual({
      relayKey: DEVNET_FARCASTER_RELAY_KEY,
      idRegistry: { chainId: 31337, address: addresses.idRegistry },
      connectUrl: 'https://farcaster.xyz/~/siwf',
    })
    const registry = '0x00000000fc6c5f01fc30151999387bb99a9f489b'
    expect(
      loadConfig({
        FARCASTER_RELAY_KEY: 'k'.repeat(16),
        FARCASTER_ID_REGISTRY: `eip155:10:${registry}`,
        FARCASTER_CONNECT_URL: 'https://connect.example/siwf',
      }).farcaster,
    ).toEqual({
      relayKey: 'k'.repeat(16),
      idRegistry: { chainId: 10, address: '0x00000000Fc6c5F01Fc30151999387Bb99A9f489b' },
      connectUrl: 'https://connect.example/siwf',
    })
    for (const bad of [
      { FARCASTER_RELAY_KEY: 'short' },
      { FARCASTER_ID_REGISTRY: registry },
      { FARCASTER_ID_REGISTRY: 'eip155:10:0x1234' },
      { FARCASTER_CONNECT_URL: 'farcaster://siwf' },
    ])
      expect(() => loadConfig(bad), JSON.stringify(bad)).toThrow(ConfigError)
  })

  it('refuses to start in production without EMBEDDED_KEK or SMTP_URL, and a malformed KEK anywhere', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example' })).toThrow(
      /EMBEDDED_KEK: required in production/,
    )
    expect(() => loadConfig({ NODE_ENV: 'production', EMBEDDED_KEK: kek })).toThrow(/SMTP_URL: required/)
    const namesKey = `0x${'11'.repeat(32)}`
    expect(
      loadConfig({
        NODE_ENV: 'production',
        EMBEDDED_KEK: kek,
        SMTP_URL: 'smtps://mail.example',
        NAMES_SIGNER_KEY: namesKey,
        FARCASTER_RELAY_KEY: 'a-production-relay-key',
        EMBEDDED_FRAME_ORIGINS: 'https://wallet.example.com',
      }).mail.mailbox.enabled,
    ).toBe(false)
    expect(
      loadConfig({
        NODE_ENV: 'production',
        EMBEDDED_KEK: kek,
        SMTP_URL: 'smtps://mail.example',
        NAMES_SIGNER_KEY: namesKey,
        FARCASTER_RELAY_KEY: 'a-production-relay-key',
        EMBEDDED_FRAME_ORIGINS: 'https://wallet.example.com',
      }).logLevel,
    ).toBe('info')
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        EMBEDDED_KEK: kek,
        SMTP_URL: 'smtps://mail.example',
        NAMES_SIGNER_KEY: namesKey,
      }),
    ).toThrow(/FARCASTER_RELAY_KEY: required in production/)
    expect(() =>
      loadConfig({ NODE_ENV: 'production', EMBEDDED_KEK: kek, SMTP_URL: 'smtps://mail.example' }),
    ).toThrow(/NAMES_SIGNER_KEY: required in production/)
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        EMBEDDED_KEK: kek,
        SMTP_URL: 'smtps://mail.example',
        NAMES_SIGNER_KEY: namesKey,
        FARCASTER_RELAY_KEY: 'a-production-relay-key',
      }),
    ).toThrow(/EMBEDDED_FRAME_ORIGINS: required in production/)
    expect(() => loadConfig({ EMBEDDED_FRAME_ORIGINS: 'wallet.example.com' })).toThrow(ConfigError)
    expect(loadConfig({}).embedded).toMatchObject({
      frameOrigins: ['http://wallet.allaccess.localhost:8788'],
      loopbackHosts: true,
    })
    expect(() => loadConfig({ EMBEDDED_KEK: 'c2hvcnQ=' })).toThrow(ConfigError)
    expect(() => loadConfig({ MAILBOX: '0' })).toThrow(/SMTP_URL: required/)
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example' })).toThrow(ConfigError)
  })

  it('takes a development key-encryption key file only when asked, only outside the data folder, never in production', () => {
    expect(loadConfig({}).embedded.devKekFile).toBeUndefined()
    const config = loadConfig({ EMBEDDED_DEV_KEK_FILE: '.dev-secrets/embedded-kek' })
    expect(config.embedded.devKekFile).toBe(
      config.dataDir.replace(/\.data\/cloud$/, '.dev-secrets/embedded-kek'),
    )
    for (const inside of ['.data/cloud/embedded-kek', '.data/cloud', '/srv/data/kek'])
      expect(
        () =>
          loadConfig({
            CLOUD_DATA_DIR: inside.startsWith('/') ? '/srv/data' : '.data/cloud',
            EMBEDDED_DEV_KEK_FILE: inside,
          }),
        inside,
      ).toThrow(/EMBEDDED_DEV_KEK_FILE: .* is inside the data folder/)
    // Beside the folder is outside it, and a database in memory has no folder.
    expect(loadConfig({ EMBEDDED_DEV_KEK_FILE: '.data/cloud-kek' }).embedded.devKekFile).toMatch(
      /\/\.data\/cloud-kek$/,
    )
    expect(
      loadConfig({ EMBEDDED_DEV_KEK_FILE: 'kek' }, { dataDir: 'memory://' }).embedded.devKekFile,
    ).toMatch(/\/kek$/)
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        EMBEDDED_KEK: kek,
        EMBEDDED_DEV_KEK_FILE: '/etc/kek',
        SMTP_URL: 'smtps://mail.example',
        NAMES_SIGNER_KEY: `0x${'11'.repeat(32)}`,
        FARCASTER_RELAY_KEY: 'a-production-relay-key',
        EMBEDDED_FRAME_ORIGINS: 'https://wallet.example.com',
      }),
    ).toThrow(/EMBEDDED_DEV_KEK_FILE: development only/)
  })

  it('configures the sandbox on-ramp: key, fee within 1–2 % (docs/behaviour.md#on-ramp), the token it delivers', () => {
    const defaults = loadConfig({}).onramp
    expect(defaults).toEqual({
      publicKey: 'pk_sandbox_allaccess',
      feePercent: 1.5,
      tokenAddress: addresses.testUsd,
      // The local Solana chain's dev key 9 (packages/solana-chain/README.md), which pays the sandbox's SOL.
      solanaSeed: new Uint8Array(
        Buffer.from('c83649ad4ebdd295287f4548d738c78f52b1c9a1ab26a9ec388c38544cca2d51', 'hex'),
      ),
    })
    const token = '0x00000000000000000000000000000000000000aa'
    const seed = 'ab'.repeat(32)
    expect(
      loadConfig({
        ONRAMP_PUBLIC_KEY: 'pk_live_x',
        ONRAMP_FEE_PERCENT: '2',
        ONRAMP_TOKEN_ADDRESS: token,
        ONRAMP_SOLANA_KEY: seed,
      }).onramp,
    ).toEqual({
      publicKey: 'pk_live_x',
      feePercent: 2,
      tokenAddress: token,
      solanaSeed: new Uint8Array(Buffer.from(seed, 'hex')),
    })
    for (const [key, value] of [
      ['ONRAMP_FEE_PERCENT', '0.5'],
      ['ONRAMP_FEE_PERCENT', '2.5'],
      ['ONRAMP_TOKEN_ADDRESS', '0x12'],
      ['ONRAMP_PUBLIC_KEY', 'has space'],
      ['ONRAMP_SOLANA_KEY', 'ab'],
    ] as const) {
      expect(() => loadConfig({ [key]: value }), `${key}=${value}`).toThrow(ConfigError)
    }
  })
})
