import { describe, expect, it } from 'vitest'
import { type Embedding, embeddingOrigins, servesEmbedding } from './hostOrigin'

const SHOP = 'https://shop.example'
const ALLOWED = [SHOP, 'https://*.partner.example']
const chromium = (...ancestorOrigins: string[]): Embedding => ({
  ancestorOrigins,
  framed: true,
  parentIsTop: ancestorOrigins.length === 1,
  referrer: '',
})

describe('the pages the frame serves', () => {
  it('checks every ancestor, not only the parent', () => {
    const direct = embeddingOrigins(chromium(SHOP))
    expect(direct).toEqual([SHOP])
    expect(servesEmbedding(ALLOWED, direct ?? [], false)).toBe(true)
    // An allowed page framed inside a stranger's page: the stranger is an ancestor too.
    const nested = embeddingOrigins(chromium(SHOP, 'https://attacker.example'))
    expect(nested?.[0]).toBe(SHOP)
    expect(servesEmbedding(ALLOWED, nested ?? [], false)).toBe(false)
    const allAllowed = embeddingOrigins(chromium('https://a.partner.example', SHOP))
    expect(servesEmbedding(ALLOWED, allAllowed ?? [], false)).toBe(true)
  })

  it('without ancestorOrigins (Firefox): the referrer, only when the parent is the top page', () => {
    const firefox = { ancestorOrigins: undefined, framed: true, referrer: `${SHOP}/mint?x=1` }
    expect(embeddingOrigins({ ...firefox, parentIsTop: true })).toEqual([SHOP])
    expect(embeddingOrigins({ ...firefox, parentIsTop: false })).toBeUndefined()
    expect(embeddingOrigins({ ...firefox, parentIsTop: true, referrer: '' })).toBeUndefined()
    expect(embeddingOrigins({ ...firefox, parentIsTop: true, referrer: 'not a url' })).toBeUndefined()
    expect(embeddingOrigins({ ...firefox, framed: false, parentIsTop: true })).toBeUndefined()
    expect(embeddingOrigins(chromium())).toBeUndefined()
  })

  it('serves loopback pages only in development', () => {
    for (const origin of [
      'http://localhost:5173',
      'http://127.0.0.1:3000',
      'http://site.allaccess.localhost',
    ]) {
      expect(servesEmbedding(ALLOWED, [origin], true)).toBe(true)
      expect(servesEmbedding(ALLOWED, [origin], false)).toBe(false)
      expect(servesEmbedding(['*'], [origin], false)).toBe(false)
    }
    expect(servesEmbedding(ALLOWED, [], true)).toBe(false)
  })
})
