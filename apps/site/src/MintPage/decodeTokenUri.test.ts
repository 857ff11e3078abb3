import { describe, expect, it } from 'vitest'
import { decodeTokenUri } from './decodeTokenUri'

const encode = (value: unknown) =>
  `data:application/json;base64,${Buffer.from(JSON.stringify(value)).toString('base64')}`

describe('decodeTokenUri', () => {
  it('decodes name and SVG image', () => {
    const image = `data:image/svg+xml;base64,${Buffer.from('<svg/>').toString('base64')}`
    expect(decodeTokenUri(encode({ name: 'All-Access Pass #1', image }))).toEqual({
      name: 'All-Access Pass #1',
      image,
    })
  })
  it('rejects other schemes and images', () => {
    expect(() => decodeTokenUri('https://example.com/1.json')).toThrow('tokenURI is not base64 JSON')
    expect(() => decodeTokenUri(encode({ name: 'x', image: 'javascript:alert(1)' }))).toThrow(
      'lacks a name or an SVG',
    )
  })
})
