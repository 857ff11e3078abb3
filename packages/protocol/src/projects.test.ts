import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { ALLOWED_ORIGINS_MAX } from './limits'
import {
  allowedOriginsSchema,
  analyticsConfigSchema,
  originPatternSchema,
  projectConfigSchema,
  remoteSocialOrder,
} from './projects'

describe('projectConfigSchema (GET /appkit/v1/config)', () => {
  it('takes features whose config is null or any JSON value', () => {
    const config = {
      features: [
        { id: 'multi_wallet', isEnabled: true, config: null },
        { id: 'onramp', isEnabled: true, config: { providers: ['local'], limits: [1, 2] } },
      ],
    }
    expect(projectConfigSchema.parse(config)).toEqual(config)
  })

  it('refuses an unknown feature id, a missing switch and a config that is not JSON', () => {
    for (const feature of [
      { id: 'teleport', isEnabled: true, config: null },
      { id: 'swap', config: null },
      { id: 'swap', isEnabled: true, config: () => 1 },
    ]) {
      expect(projectConfigSchema.safeParse({ features: [feature] }).success, JSON.stringify(feature)).toBe(
        false,
      )
    }
  })

  it('converts to JSON Schema for the OpenAPI document', () => {
    expect(() => z.toJSONSchema(projectConfigSchema)).not.toThrow()
  })
})

describe('allowedOriginsSchema (GET /projects/v1/origins)', () => {
  it('takes patterns of the grammar, lowercased, up to the limit', () => {
    expect(allowedOriginsSchema.parse({ allowedOrigins: ['*', 'HTTPS://*.Shop.Example'] })).toEqual({
      allowedOrigins: ['*', 'https://*.shop.example'],
    })
    expect(allowedOriginsSchema.safeParse({ allowedOrigins: ['shop.example'] }).success).toBe(false)
    const tooMany = Array.from({ length: ALLOWED_ORIGINS_MAX + 1 }, (_, i) => `https://s${i}.example`)
    expect(allowedOriginsSchema.safeParse({ allowedOrigins: tooMany }).success).toBe(false)
  })
})

describe('analyticsConfigSchema (GET /getAnalyticsConfig)', () => {
  it('is the one switch', () => {
    expect(analyticsConfigSchema.parse({ isAnalyticsEnabled: false })).toEqual({ isAnalyticsEnabled: false })
    expect(analyticsConfigSchema.safeParse({ isAnalyticsEnabled: 'yes' }).success).toBe(false)
  })
})

describe('originPatternSchema', () => {
  it('stores patterns lowercased and names the grammar when it refuses one', () => {
    expect(originPatternSchema.parse('HTTPS://*.Shop.Example')).toBe('https://*.shop.example')
    const refused = originPatternSchema.safeParse('https://a.io/')
    expect(refused.success).toBe(false)
    expect(refused.error?.issues[0]?.message).toBe('an origin such as https://*.example.com')
  })
})

describe("remoteSocialOrder (social_login's config)", () => {
  const socialLogin = (config: unknown, isEnabled = true) => [
    { id: 'social_login' as const, isEnabled, config: config as never },
  ]

  it('is the config list when social login is on and the list is providers, each once', () => {
    expect(remoteSocialOrder(socialLogin(['github', 'farcaster', 'google']))).toEqual([
      'github',
      'farcaster',
      'google',
    ])
  })

  it('is none for a null config, social login off, or a config that is no such list', () => {
    expect(remoteSocialOrder(socialLogin(null))).toBeUndefined()
    expect(remoteSocialOrder(socialLogin(['google'], false))).toBeUndefined()
    expect(remoteSocialOrder([])).toBeUndefined()
    for (const config of [[], ['google', 'google'], ['myspace'], 'google', { google: true }, [1]])
      expect(remoteSocialOrder(socialLogin(config)), JSON.stringify(config)).toBeUndefined()
  })
})
