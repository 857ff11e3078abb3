import { describe, expect, it } from 'vitest'
import { DEFAULT_SOCIAL_ORDER } from './constants'
import { displaySocialName, messagingWebview, socialButtons } from './providers'

const TELEGRAM_IOS =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Telegram-iOS/10.0'
const TELEGRAM_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 (KHTML, like Gecko) Telegram/10.0'
const WHATSAPP_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36 WhatsApp/2.24'
const SAFARI_IOS =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1'
const CHROME_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36'

describe('the social buttons (docs/behaviour.md#social)', () => {
  it('keeps the default order outside a messaging app', () => {
    expect(socialButtons(DEFAULT_SOCIAL_ORDER, messagingWebview(SAFARI_IOS))).toEqual([
      'google',
      'x',
      'farcaster',
      'discord',
      'apple',
      'github',
      'facebook',
    ])
    expect(messagingWebview(CHROME_ANDROID)).toBeUndefined()
  })

  it('in a messaging-app webview: iOS loses google, Mac loses x, Android loses facebook and x', () => {
    expect(messagingWebview(TELEGRAM_IOS)).toBe('ios')
    expect(socialButtons(DEFAULT_SOCIAL_ORDER, 'ios')).toEqual([
      'x',
      'farcaster',
      'discord',
      'apple',
      'github',
      'facebook',
    ])
    expect(messagingWebview(TELEGRAM_MAC)).toBe('mac')
    expect(socialButtons(DEFAULT_SOCIAL_ORDER, 'mac')).toEqual([
      'google',
      'farcaster',
      'discord',
      'apple',
      'github',
      'facebook',
    ])
    expect(messagingWebview(WHATSAPP_ANDROID)).toBe('android')
    expect(socialButtons(DEFAULT_SOCIAL_ORDER, 'android')).toEqual([
      'google',
      'farcaster',
      'discord',
      'apple',
      'github',
    ])
  })

  it('follows a configured order, each provider once', () => {
    expect(socialButtons(['github', 'google', 'github'], undefined)).toEqual(['github', 'google'])
  })

  it('shows a discord username ending in 0 without it, and every other name as it is', () => {
    expect(displaySocialName('discord', 'carol0')).toBe('carol')
    expect(displaySocialName('discord', 'carol')).toBe('carol')
    expect(displaySocialName('github', 'carol0')).toBe('carol0')
  })
})
