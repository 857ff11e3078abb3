import { describe, expect, it } from 'vitest'
import { NEW_DEVICE_VIEW_TEXTS, signedInOnText } from './NewDeviceViews'

describe('the approval of a new device', () => {
  it('says in words which site and app the new device signed in on, or that it named no site', () => {
    expect(NEW_DEVICE_VIEW_TEXTS.signedInOn).toBe('Signed in on')
    expect(signedInOnText({ site: 'https://shop.example', project: 'Shop' })).toBe(
      'https://shop.example, in the app “Shop”',
    )
    expect(signedInOnText({ site: null, project: 'All-Access Pass (local)' })).toBe(
      'a site it did not name, in the app “All-Access Pass (local)”',
    )
  })
})
