import { addresses } from '@allaccess/chain/deployments'
import { DEVNET_PAYMASTER_SIGNER } from '@allaccess/chain/devnet'
import { describe, expect, it } from 'vitest'
import { ConfigError } from '../config/errors.js'
import { loadConfig } from '../services.js'

const production = {
  NODE_ENV: 'production',
  EMBEDDED_KEK: Buffer.alloc(32, 9).toString('base64'),
  SMTP_URL: 'smtps://mail.example',
  NAMES_SIGNER_KEY: `0x${'11'.repeat(32)}`,
  FARCASTER_RELAY_KEY: 'a-production-relay-key',
  EMBEDDED_FRAME_ORIGINS: 'https://wallet.example.com',
}

describe('the paymaster and bundler configuration', () => {
  it('sponsors on the devnet with its signer by default', () => {
    const { paymaster, bundler } = loadConfig({})
    expect(DEVNET_PAYMASTER_SIGNER.address).toBe('0xBcd4042DE499D14e55001CcbB24a551F3b954096')
    expect(paymaster).toEqual({
      signerKey: DEVNET_PAYMASTER_SIGNER.privateKey,
      paymasters: new Map([[31337, addresses.sponsorPaymaster]]),
      grantSeconds: 600,
      verificationGas: 80_000,
      settleBlocks: 10_000,
    })
    expect(bundler).toEqual({ upstreams: new Map([[31337, 'http://127.0.0.1:4337']]), timeoutMs: 30_000 })
    const other = '0x00000000000000000000000000000000000000aa'
    expect(loadConfig({ PAYMASTER_ADDRESS_10: other }).paymaster.paymasters.get(10)).toBe(
      '0x00000000000000000000000000000000000000AA',
    )
    expect(loadConfig({ BUNDLER_UPSTREAM_10: 'https://bundler.example' }).bundler.upstreams.get(10)).toBe(
      'https://bundler.example',
    )
  })

  it('sponsors nothing in production without a signer of its own, and refuses to pretend otherwise', () => {
    expect(loadConfig(production).paymaster.paymasters.size).toBe(0)
    expect(() => loadConfig({ ...production, PAYMASTER_ADDRESS_10: `0x${'aa'.repeat(20)}` })).toThrow(
      /PAYMASTER_SIGNER_KEY: required in production with PAYMASTER_ADDRESS_<chainId>/,
    )
    const key = `0x${'22'.repeat(32)}`
    expect(loadConfig({ ...production, PAYMASTER_SIGNER_KEY: key }).paymaster.signerKey).toBe(key)
  })

  it('names every bad value', () => {
    for (const bad of [
      { PAYMASTER_ADDRESS_10: '0x1234' },
      { PAYMASTER_SIGNER_KEY: '0x12' },
      { PAYMASTER_GRANT_SECONDS: '5' },
      { BUNDLER_UPSTREAM_10: 'ftp://bundler.example' },
      { BUNDLER_TIMEOUT_MS: '0' },
    ])
      expect(() => loadConfig(bad), JSON.stringify(bad)).toThrow(ConfigError)
  })
})
