import { describe, expect, it } from 'vitest'
import { parseSocialConfig } from './config.js'

describe('parseSocialConfig', () => {
  it('turns on the providers whose client id is set, with their secret and issuer', () => {
    const issues: string[] = []
    const config = parseSocialConfig(
      {
        SOCIAL_GOOGLE_CLIENT_ID: 'id',
        SOCIAL_GOOGLE_CLIENT_SECRET: 'secret',
        SOCIAL_GOOGLE_ISSUER: 'https://accounts.google.com',
        SOCIAL_DISCORD_CLIENT_ID: 'dev',
        SOCIAL_DISCORD_CLIENT_SECRET: 'dev-secret',
        SOCIAL_DISCORD_ISSUER: 'http://127.0.0.1:8789',
        SOCIAL_X_CLIENT_ID: '',
      },
      issues,
    )
    expect(issues).toEqual([])
    expect(Object.keys(config).sort()).toEqual(['discord', 'google'])
    expect(config.google).toEqual({
      clientId: 'id',
      clientSecret: 'secret',
      issuer: new URL('https://accounts.google.com'),
    })
  })

  it('names what is missing or wrong: plain HTTP only on this machine', () => {
    const issues: string[] = []
    const config = parseSocialConfig(
      {
        SOCIAL_GITHUB_CLIENT_SECRET: 'secret',
        SOCIAL_APPLE_CLIENT_ID: 'id',
        SOCIAL_APPLE_ISSUER: 'https://appleid.apple.com',
        SOCIAL_FACEBOOK_CLIENT_ID: 'id',
        SOCIAL_FACEBOOK_CLIENT_SECRET: 'secret',
        SOCIAL_FACEBOOK_ISSUER: 'http://idp.example.com',
        SOCIAL_X_CLIENT_ID: 'id',
        SOCIAL_X_CLIENT_SECRET: 'secret',
        SOCIAL_X_ISSUER: 'not a url',
      },
      issues,
    )
    expect(config).toEqual({})
    expect(issues.map((issue) => issue.split(':')[0])).toEqual([
      'SOCIAL_GITHUB_CLIENT_ID',
      'SOCIAL_APPLE_CLIENT_SECRET',
      'SOCIAL_FACEBOOK_ISSUER',
      'SOCIAL_X_ISSUER',
    ])
  })
})
