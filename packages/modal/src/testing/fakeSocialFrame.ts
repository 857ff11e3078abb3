import { vi } from 'vitest'

/** The frame as the social feature uses it: each request answered by the test. */
export function fakeSocialFrame() {
  const calls: string[] = []
  let finishSocial: ((value: unknown) => void) | undefined
  let failSocial: ((error: Error) => void) | undefined
  let closeExport: (() => void) | undefined
  const retryListeners = new Set<() => void>()
  const frame = {
    uri: 'http://127.0.0.1:8789/auth?client_id=google' as string | Error,
    calls,
    request: vi.fn(async (type: string) => {
      calls.push(type)
      if (type === 'getSocialRedirectUri') {
        if (frame.uri instanceof Error) throw frame.uri
        return { uri: frame.uri }
      }
      if (type === 'connectSocial')
        return new Promise((resolve, reject) => {
          finishSocial = resolve
          failSocial = reject
        })
      if (type === 'socialPopupClosed') failSocial?.(new Error('The sign-in is not finished yet.'))
      if (type === 'getSocialReauthUri') return { uri: `${frame.uri}&prompt=login` }
      if (type === 'exportKey') return new Promise((resolve) => (closeExport = () => resolve({})))
      return {}
    }),
    finish: (value: unknown) => finishSocial?.(value),
    /** The e-mail feature follows the frame's load failures and time-outs: none here. */
    onEvent: () => () => {},
    /** The user closes the frame's export screen. */
    closeExport: () => closeExport?.(),
    onSocialReauthAgain(listener: () => void) {
      retryListeners.add(listener)
      return () => retryListeners.delete(listener)
    },
    /** The user presses Try again on the frame's export screen. */
    tryAgain: () => {
      for (const listener of retryListeners) listener()
    },
    retryListeners,
  }
  return frame
}
