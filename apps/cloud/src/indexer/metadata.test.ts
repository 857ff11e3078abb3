import { describe, expect, it } from 'vitest'
import { NFT_IMAGE_MAX_BYTES, TOKEN_SYMBOL_MAX } from './limits.js'
import { cleanText, decodeImage, parseMetadataUri } from './metadata.js'

const base64 = (text: string) => Buffer.from(text).toString('base64')
const jsonUri = (value: unknown) => `data:application/json;base64,${base64(JSON.stringify(value))}`
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])

describe('cleanText', () => {
  it('cuts a 10 kB symbol, strips control and bidi characters, drops the empty', () => {
    const long = cleanText('A'.repeat(10_000), TOKEN_SYMBOL_MAX) as string
    expect([...long]).toHaveLength(TOKEN_SYMBOL_MAX)
    expect(long.endsWith('…')).toBe(true)
    expect(cleanText('U\u202eSDC\u0000 \n\t Coin', 20)).toBe('USDC Coin')
    expect(cleanText('\u0000\u200b ', 20)).toBeNull()
    expect(cleanText(42, 20)).toBeNull()
  })
})

describe('parseMetadataUri', () => {
  it('reads name, description and image from on-chain JSON, base64 or percent-encoded', () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><circle r="4"/></svg>'
    const metadata = {
      name: 'Pass #1',
      description: 'A pass',
      image: `data:image/svg+xml;base64,${base64(svg)}`,
    }
    const parsed = parseMetadataUri(jsonUri(metadata))
    expect(parsed.name).toBe('Pass #1')
    expect(parsed.description).toBe('A pass')
    expect(parsed.image?.type).toBe('image/svg+xml')
    expect(parsed.image?.body.toString()).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg"><circle r="4"></circle></svg>',
    )
    expect(
      parseMetadataUri(`data:application/json,${encodeURIComponent(JSON.stringify({ name: 'x' }))}`).name,
    ).toBe('x')
  })

  it('fetches nothing: remote and javascript URIs give no metadata or no image', () => {
    expect(parseMetadataUri('https://evil.example/1.json')).toEqual({
      name: null,
      description: null,
      image: null,
    })
    expect(parseMetadataUri('ipfs://bafy/1.json').name).toBeNull()
    for (const image of [
      'https://evil.example/x.png',
      'javascript:alert(1)',
      'ipfs://bafy/x.png',
      'data:text/html,<script>',
    ])
      expect(parseMetadataUri(jsonUri({ name: 'spam', image })).image, image).toBeNull()
  })

  it('survives malformed and hostile JSON', () => {
    for (const uri of [
      'data:application/json,{not json',
      'data:application/json;base64,!!!!',
      jsonUri([1, 2]),
      jsonUri(null),
      `data:application/json,${'['.repeat(100_000)}`,
      'data:application/json,%E0%A4%A',
    ])
      expect(parseMetadataUri(uri).name, uri.slice(0, 40)).toBeNull()
    expect(parseMetadataUri(jsonUri({ name: { toString: 'x' }, description: 7 }))).toEqual({
      name: null,
      description: null,
      image: null,
    })
  })
})

describe('decodeImage', () => {
  it('keeps a raster only when its bytes are what its type says, and within the size bound', () => {
    expect(decodeImage(`data:image/png;base64,${PNG.toString('base64')}`)?.type).toBe('image/png')
    expect(decodeImage(`data:image/png;base64,${base64('<svg onload="x"/>')}`)).toBeNull()
    expect(decodeImage(`data:image/__proto__;base64,${PNG.toString('base64')}`)).toBeNull()
    const huge = Buffer.concat([PNG, Buffer.alloc(NFT_IMAGE_MAX_BYTES)])
    expect(decodeImage(`data:image/png;base64,${huge.toString('base64')}`)).toBeNull()
  })

  it('takes inline SVG markup (image_data) through the sanitizer', () => {
    expect(decodeImage('<svg><script>x</script><rect width="2"/></svg>')?.body.toString()).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg"><rect width="2"></rect></svg>',
    )
    expect(decodeImage('<svg><g>')).toBeNull()
  })
})
