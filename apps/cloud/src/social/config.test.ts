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
      mode: 'oidc',
      issuer: new URL('https://accounts.google.com'),
      scope: 'openid profile email',
      responseMode: 'query',
    })
  })

  it("reads a plain OAuth 2.0 provider's three endpoints, with its own scope unless SCOPE replaces it", () => {
    const issues: string[] = []
    const config = parseSocialConfig(
      {
        SOCIAL_GITHUB_CLIENT_ID: 'gh',
        SOCIAL_GITHUB_CLIENT_SECRET: 'gh-secret',
        SOCIAL_GITHUB_AUTHORIZATION_URL: 'https://github.com/login/oauth/authorize',
        SOCIAL_GITHUB_TOKEN_URL: 'https://github.com/login/oauth/access_token',
        SOCIAL_GITHUB_USERINFO_URL: 'https://api.github.com/user',
        SOCIAL_X_CLIENT_ID: 'x',
        SOCIAL_X_CLIENT_SECRET: 'x-secret',
        SOCIAL_X_AUTHORIZATION_URL: 'https://x.com/i/oauth2/authorize',
        SOCIAL_X_TOKEN_URL: 'https://api.x.com/2/oauth2/token',
        SOCIAL_X_USERINFO_URL: 'https://api.x.com/2/users/me',
        SOCIAL_APPLE_CLIENT_ID: 'apple',
        SOCIAL_APPLE_CLIENT_SECRET: 'apple-secret',
        SOCIAL_APPLE_ISSUER: 'https://appleid.apple.com',
        SOCIAL_APPLE_SCOPE: 'openid name email',
        SOCIAL_APPLE_RESPONSE_MODE: 'form_post',
      },
      issues,
    )
    expect(issues).toEqual([])
    expect(config.github).toEqual({
      clientId: 'gh',
      clientSecret: 'gh-secret',
      mode: 'endpoints',
      authorizationUrl: new URL('https://github.com/login/oauth/authorize'),
      tokenUrl: new URL('https://github.com/login/oauth/access_token'),
      userinfoUrl: new URL('https://api.github.com/user'),
      scope: 'read:user',
      responseMode: 'query',
    })
    expect(config.x).toMatchObject({ mode: 'endpoints', scope: 'users.read tweet.read' })
    expect(config.apple).toMatchObject({
      mode: 'oidc',
      scope: 'openid name email',
      responseMode: 'form_post',
    })
  })

  it('refuses an issuer together with endpoints, a partial set of endpoints, plain HTTP elsewhere and an OpenID Connect scope without openid', () => {
    const issues: string[] = []
    const config = parseSocialConfig(
      {
        SOCIAL_GITHUB_CLIENT_ID: 'gh',
        SOCIAL_GITHUB_CLIENT_SECRET: 'secret',
        SOCIAL_GITHUB_ISSUER: 'https://github.com',
        SOCIAL_GITHUB_TOKEN_URL: 'https://github.com/login/oauth/access_token',
        SOCIAL_X_CLIENT_ID: 'x',
        SOCIAL_X_CLIENT_SECRET: 'secret',
        SOCIAL_X_AUTHORIZATION_URL: 'https://x.com/i/oauth2/authorize',
        SOCIAL_DISCORD_CLIENT_ID: 'd',
        SOCIAL_DISCORD_CLIENT_SECRET: 'secret',
        SOCIAL_DISCORD_AUTHORIZATION_URL: 'https://discord.com/oauth2/authorize',
        SOCIAL_DISCORD_TOKEN_URL: 'http://discord.example/api/oauth2/token',
        SOCIAL_DISCORD_USERINFO_URL: 'http://127.0.0.1:9/users/@me',
        SOCIAL_GOOGLE_CLIENT_ID: 'g',
        SOCIAL_GOOGLE_CLIENT_SECRET: 'secret',
        SOCIAL_GOOGLE_ISSUER: 'https://accounts.google.com',
        SOCIAL_GOOGLE_SCOPE: 'profile',
        SOCIAL_FACEBOOK_USERINFO_URL: 'https://graph.facebook.com/me',
      },
      issues,
    )
    expect(config).toEqual({})
    expect(issues).toEqual([
      'SOCIAL_GOOGLE_SCOPE: an OpenID Connect provider\'s scope needs openid, got "profile"',
      'SOCIAL_GITHUB_ISSUER: set either it (OpenID Connect) or SOCIAL_GITHUB_TOKEN_URL (OAuth 2.0), not both',
      "SOCIAL_FACEBOOK_CLIENT_ID: required when the provider's other settings are set",
      'SOCIAL_X_TOKEN_URL, SOCIAL_X_USERINFO_URL: required with SOCIAL_X_AUTHORIZATION_URL (an OAuth 2.0 provider needs all three endpoints)',
      'SOCIAL_DISCORD_TOKEN_URL: expected an https URL (http only on this machine), got "http://discord.example/api/oauth2/token"',
    ])
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

  it('refuses a response mode other than query or form_post, and leaves that provider off', () => {
    const issues: string[] = []
    const config = parseSocialConfig(
      {
        SOCIAL_APPLE_CLIENT_ID: 'apple',
        SOCIAL_APPLE_CLIENT_SECRET: 'secret',
        SOCIAL_APPLE_ISSUER: 'https://appleid.apple.com',
        SOCIAL_APPLE_RESPONSE_MODE: 'fragment',
      },
      issues,
    )
    expect(config).toEqual({})
    expect(issues).toEqual(['SOCIAL_APPLE_RESPONSE_MODE: expected query or form_post, got "fragment"'])
  })
})
