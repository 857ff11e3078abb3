import type { IdentityProvider } from '@allaccess/protocol'
import type { SocialButton } from './constants'

/** The platform of a messaging app's in-app browser, whose sign-in pages some providers refuse. */
export type MessagingWebview = 'ios' | 'mac' | 'android'

/** In-app browsers of messaging apps say so in their user agent. */
const MESSAGING_APP =
  /Telegram|WhatsApp|Line\/|KAKAOTALK|FBAN|FBAV|Instagram|Messenger|Viber|WeChat|MicroMessenger/i

/** The messaging-app webview this user agent is, if any. */
export function messagingWebview(userAgent: string): MessagingWebview | undefined {
  if (!MESSAGING_APP.test(userAgent)) return undefined
  if (/iPhone|iPad|iPod/.test(userAgent)) return 'ios'
  if (/Android/.test(userAgent)) return 'android'
  if (/Macintosh/.test(userAgent)) return 'mac'
  return undefined
}

/** The social buttons in a messaging app's webview: what each platform leaves out (docs/behaviour.md#social). */
const REMOVED_IN_WEBVIEW: Record<MessagingWebview, readonly SocialButton[]> = {
  ios: ['google'],
  mac: ['x'],
  android: ['facebook', 'x'],
}

/** The buttons to offer: the order given, less what a messaging-app webview can't use, each once. */
export function socialButtons(order: readonly SocialButton[], webview: MessagingWebview | undefined) {
  const removed = webview ? REMOVED_IN_WEBVIEW[webview] : []
  return order.filter((button, index) => !removed.includes(button) && order.indexOf(button) === index)
}

/** docs/behaviour.md#social: a discord username ending in 0 loses that last character. */
export function displaySocialName(provider: IdentityProvider, username: string): string {
  return provider === 'discord' && username.endsWith('0') ? username.slice(0, -1) : username
}
