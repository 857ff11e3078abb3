import { describe, expect, it } from 'vitest'
import {
  isLoopbackOrigin,
  isOriginAllowed,
  namesOrigin,
  ORIGIN_PATTERN,
  originMatches,
  parseOrigin,
  parseOriginPattern,
} from './origins'

describe('the catch-all *', () => {
  it('admits every origin, the opaque null and non-http schemes too', () => {
    for (const origin of ['https://shop.example', 'http://10.0.0.1:8080', 'null', 'chrome-extension://abc']) {
      expect(originMatches('*', origin), origin).toBe(true)
    }
    expect(isOriginAllowed(['*'], 'https://any.where')).toBe(true)
  })

  it('names no one: only another entry vouches for a site', () => {
    expect(namesOrigin('*', 'https://shop.example')).toBe(false)
    expect(namesOrigin('https://shop.example', 'https://shop.example')).toBe(true)
    expect(namesOrigin('https://*.example', 'https://shop.example')).toBe(true)
  })

  it('is only a whole pattern: nowhere else in one', () => {
    for (const pattern of [
      'https://*',
      'https://a.*.io',
      '*://a.io',
      'https://a*.io',
      'https://*a.io',
      '**',
    ]) {
      expect(ORIGIN_PATTERN.test(pattern), pattern).toBe(false)
      expect(originMatches(pattern, 'https://a.io'), pattern).toBe(false)
    }
  })
})

describe('exact origins', () => {
  it('match scheme, host and port, with default ports filled in', () => {
    expect(originMatches('https://example.com', 'https://example.com')).toBe(true)
    expect(originMatches('https://example.com', 'https://example.com:443')).toBe(true)
    expect(originMatches('https://example.com:443', 'https://example.com')).toBe(true)
    expect(originMatches('http://example.com', 'http://example.com:80')).toBe(true)
    expect(originMatches('https://example.com', 'http://example.com')).toBe(false)
    expect(originMatches('https://example.com', 'https://example.com:8443')).toBe(false)
    expect(originMatches('http://example.com:443', 'https://example.com')).toBe(false)
    expect(originMatches('http://127.0.0.1:5173', 'http://127.0.0.1:5173')).toBe(true)
  })

  it('compare scheme and host case-insensitively', () => {
    expect(originMatches('HTTPS://Shop.Example', 'https://shop.example')).toBe(true)
    expect(originMatches('https://shop.example', 'https://SHOP.example')).toBe(true)
  })

  it('do not match a subdomain, a parent or a look-alike', () => {
    expect(originMatches('https://example.com', 'https://www.example.com')).toBe(false)
    expect(originMatches('https://www.example.com', 'https://example.com')).toBe(false)
    expect(originMatches('https://example.com', 'https://example.com.evil.io')).toBe(false)
    expect(originMatches('https://example.com', 'https://example.com.')).toBe(false)
  })
})

describe('wildcard subdomains', () => {
  const pattern = 'https://*.example.com'

  it('match any depth, not the bare domain nor look-alikes', () => {
    expect(originMatches(pattern, 'https://app.example.com')).toBe(true)
    expect(originMatches(pattern, 'https://a.b.example.com')).toBe(true)
    expect(originMatches(pattern, 'https://example.com')).toBe(false)
    expect(originMatches(pattern, 'https://evilexample.com')).toBe(false)
    expect(originMatches(pattern, 'https://example.com.evil.io')).toBe(false)
    expect(originMatches(pattern, 'http://app.example.com')).toBe(false)
  })

  it('keep the port rule', () => {
    expect(originMatches(pattern, 'https://app.example.com:8443')).toBe(false)
    expect(originMatches('https://*.example.com:*', 'https://x.example.com:9000')).toBe(true)
    expect(originMatches('https://*.example.com:8443', 'https://x.example.com:8443')).toBe(true)
  })

  it('admit whatever lies under the domain, a top-level one too (public suffixes are not known)', () => {
    expect(originMatches('https://*.com', 'https://anyone.com')).toBe(true)
    expect(originMatches('https://*.example', 'https://shop.example')).toBe(true)
  })
})

describe('any port', () => {
  it('admits every port of that scheme and host, the default one included', () => {
    expect(originMatches('http://localhost:*', 'http://localhost:5173')).toBe(true)
    expect(originMatches('https://a.io:*', 'https://a.io')).toBe(true)
    expect(originMatches('https://a.io:*', 'http://a.io:8080')).toBe(false)
    expect(originMatches('http://localhost:3000', 'http://localhost:5173')).toBe(false)
  })
})

describe('input outside the grammar', () => {
  it('a bad pattern or a bad origin matches nothing', () => {
    expect(originMatches('not a pattern', 'https://shop.example')).toBe(false)
    expect(originMatches('https://shop.example', 'nonsense')).toBe(false)
    expect(originMatches('https://shop.example', 'https://shop.example/')).toBe(false)
    expect(originMatches('https://shop.example', '')).toBe(false)
    expect(isOriginAllowed(['https://a.io'], 'null')).toBe(false)
  })

  it('ports are 1 to 65535, written without leading zeros', () => {
    expect(parseOriginPattern('https://a.io:65535')?.port).toBe(65535)
    expect(parseOrigin('https://a.io:1')?.port).toBe(1)
    for (const port of ['0', '65536', '99999', '0443', '8x']) {
      expect(ORIGIN_PATTERN.test(`https://a.io:${port}`), port).toBe(false)
      expect(parseOrigin(`https://a.io:${port}`), port).toBeUndefined()
    }
  })

  it('validates patterns', () => {
    for (const good of ['*', 'https://a.io', 'https://*.a.io', 'http://localhost:5173', 'https://a.io:*']) {
      expect(ORIGIN_PATTERN.test(good), good).toBe(true)
    }
    for (const bad of [
      'a.io',
      '*.a.io',
      'https://a.io/',
      'https://a.io/path',
      'ftp://a.io',
      'https://a.io:99999x',
      'https://user@a.io',
      'https://[::1]',
      ' https://a.io',
      '',
    ]) {
      expect(ORIGIN_PATTERN.test(bad), bad).toBe(false)
    }
  })
})

describe('loopback', () => {
  it('is always admitted, on any port', () => {
    expect(isLoopbackOrigin('http://localhost:3000')).toBe(true)
    expect(isLoopbackOrigin('https://app.localhost')).toBe(true)
    expect(isLoopbackOrigin('http://[::1]:8080')).toBe(true)
    expect(isLoopbackOrigin('http://127.0.0.1')).toBe(true)
    expect(isOriginAllowed([], 'http://127.0.0.1:9999')).toBe(true)
  })

  it('is not a name that merely contains localhost', () => {
    expect(isLoopbackOrigin('https://localhost.evil.io')).toBe(false)
    expect(isLoopbackOrigin('https://evillocalhost')).toBe(false)
    expect(isOriginAllowed([], 'https://localhost.evil.io')).toBe(false)
  })
})
