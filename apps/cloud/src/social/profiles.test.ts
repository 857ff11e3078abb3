import { describe, expect, it } from 'vitest'
import { readAppleUserName, readClaims } from './profiles.js'

describe("Apple's first-sign-in name", () => {
  it('reads "first last" from the user JSON, or either part alone', () => {
    expect(
      readAppleUserName('{"name":{"firstName":"Jane","lastName":"Appleseed"},"email":"j@x.example"}'),
    ).toBe('Jane Appleseed')
    expect(readAppleUserName('{"name":{"firstName":" Jane "}}')).toBe('Jane')
    expect(readAppleUserName('{"name":{"lastName":"Appleseed"}}')).toBe('Appleseed')
  })

  it('gives nothing for an absent, malformed, empty or oversized user', () => {
    for (const user of [
      undefined,
      '',
      'not json',
      '{"name":"Jane"}',
      '{"email":"j@x.example"}',
      '{"name":{"firstName":"  "}}',
      '{"name":{"firstName":5}}',
      JSON.stringify({ name: { firstName: 'a'.repeat(256) } }),
      JSON.stringify({ name: { firstName: 'Jane' }, pad: 'a'.repeat(4096) }),
    ])
      expect(readAppleUserName(user)).toBeUndefined()
  })

  it("names the user only when the ID token has no name, ahead of the e-mail address (Apple's ID token has one)", () => {
    expect(readClaims({ sub: 'apple-1', email: 'j@x.example' }, 'Jane Appleseed')).toEqual({
      subject: 'apple-1',
      username: 'Jane Appleseed',
    })
    expect(readClaims({ sub: 'apple-1', name: 'Jane A.' }, 'Jane Appleseed')?.username).toBe('Jane A.')
    expect(readClaims({ sub: 'apple-1', preferred_username: 'jane' }, 'Jane Appleseed')?.username).toBe(
      'jane',
    )
    expect(readClaims({ sub: 'apple-1', email: 'j@x.example' })?.username).toBe('j@x.example')
    expect(readClaims({ email: 'j@x.example' }, 'Jane Appleseed')).toBeUndefined()
  })
})
