import { describe, expect, it } from 'vitest'
import { namesOrigin } from './originPattern'

describe('namesOrigin', () => {
  it('matches exact origins and subdomain wildcards at any depth, not the bare domain', () => {
    expect(namesOrigin('https://shop.example', 'https://shop.example')).toBe(true)
    expect(namesOrigin('https://*.example.com', 'https://a.b.example.com')).toBe(true)
    expect(namesOrigin('https://*.example.com', 'https://example.com')).toBe(false)
    expect(namesOrigin('https://*.example.com', 'http://a.example.com')).toBe(false)
  })
  it('matches any port with :* and otherwise the same port only', () => {
    expect(namesOrigin('http://localhost:*', 'http://localhost:5173')).toBe(true)
    expect(namesOrigin('http://localhost:3000', 'http://localhost:5173')).toBe(false)
  })
  it('the catch-all names no one, and junk matches nothing', () => {
    expect(namesOrigin('*', 'https://shop.example')).toBe(false)
    expect(namesOrigin('not a pattern', 'https://shop.example')).toBe(false)
    expect(namesOrigin('https://shop.example', 'nonsense')).toBe(false)
  })
})
