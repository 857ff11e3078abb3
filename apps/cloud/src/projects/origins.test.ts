import { describe, expect, it } from 'vitest'
import { isLoopbackOrigin, isOriginAllowed, ORIGIN_PATTERN, originMatches } from './origins.js'

describe('origin patterns', () => {
  it('matches exact origins with default ports', () => {
    expect(originMatches('https://example.com', 'https://example.com')).toBe(true)
    expect(originMatches('https://example.com', 'https://example.com:443')).toBe(true)
    expect(originMatches('https://example.com', 'http://example.com')).toBe(false)
    expect(originMatches('https://example.com', 'https://example.com:8443')).toBe(false)
    expect(originMatches('http://127.0.0.1:5173', 'http://127.0.0.1:5173')).toBe(true)
  })

  it('matches wildcard subdomains at any depth, not the bare domain nor look-alikes', () => {
    const pattern = 'https://*.example.com'
    expect(originMatches(pattern, 'https://app.example.com')).toBe(true)
    expect(originMatches(pattern, 'https://a.b.example.com')).toBe(true)
    expect(originMatches(pattern, 'https://example.com')).toBe(false)
    expect(originMatches(pattern, 'https://evilexample.com')).toBe(false)
    expect(originMatches(pattern, 'https://example.com.evil.io')).toBe(false)
    expect(originMatches('https://*.example.com:*', 'https://x.example.com:9000')).toBe(true)
  })

  it('always allows loopback, never garbage', () => {
    expect(isLoopbackOrigin('http://localhost:3000')).toBe(true)
    expect(isLoopbackOrigin('https://app.localhost')).toBe(true)
    expect(isLoopbackOrigin('http://[::1]:8080')).toBe(true)
    expect(isOriginAllowed([], 'http://127.0.0.1:9999')).toBe(true)
    expect(isOriginAllowed(['https://a.io'], 'null')).toBe(false)
    expect(isOriginAllowed(['*'], 'https://any.where')).toBe(true)
  })

  it('validates patterns', () => {
    for (const good of ['*', 'https://a.io', 'https://*.a.io', 'http://localhost:5173', 'https://a.io:*']) {
      expect(ORIGIN_PATTERN.test(good), good).toBe(true)
    }
    for (const bad of [
      'a.io',
      'https://a.io/',
      'ftp://a.io',
      'https://*',
      'https://a.*.io',
      'https://a.io:99999x',
    ]) {
      expect(ORIGIN_PATTERN.test(bad), bad).toBe(false)
    }
  })
})
