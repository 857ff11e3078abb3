import { describe, expect, it } from 'vitest'
import { chunk } from './onrampChunk'
import { DEFAULT_RESTRICTED_TIMEZONES, isRestrictedTimezone } from './timezones'

// The behaviour these tests check: docs/behaviour.md#on-ramp (restricted timezones).

describe('restricted timezones', () => {
  it('the default list holds several Asian regions, compared without case', () => {
    expect(DEFAULT_RESTRICTED_TIMEZONES.length).toBeGreaterThan(3)
    expect(DEFAULT_RESTRICTED_TIMEZONES.every((zone) => zone.startsWith('Asia/'))).toBe(true)
    expect(isRestrictedTimezone('asia/shanghai', DEFAULT_RESTRICTED_TIMEZONES)).toBe(true)
    expect(isRestrictedTimezone('Europe/Berlin', DEFAULT_RESTRICTED_TIMEZONES)).toBe(false)
  })

  it('offers no Buy button in a restricted timezone; the list is the site’s to set', () => {
    const at = (timezone: string, restrictedTimezones?: string[]) =>
      chunk({ timezone: () => timezone, ...(restrictedTimezones ? { restrictedTimezones } : {}) }).slots
    expect(at('Asia/Shanghai')).toEqual({})
    expect(at('Europe/Berlin')['account:features']).toMatchObject({ id: 'onramp', label: 'Buy' })
    expect(at('Asia/Shanghai', ['Europe/Berlin'])['account:features']).toMatchObject({ id: 'onramp' })
    expect(at('Europe/Berlin', ['Europe/Berlin'])).toEqual({})
  })
})
