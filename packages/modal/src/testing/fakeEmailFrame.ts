import { vi } from 'vitest'
import type { FrameEvent } from '../embedded/frameHost'

/**
 * The frame as the e-mail feature uses it: each request answered by the test (`afterCode`: what the code gives,
 * `approved`: when the device's approval comes), its events sent by the test.
 */
export function fakeEmailFrame(
  action: 'VERIFY_OTP' | 'CONNECT' = 'VERIFY_OTP',
  {
    afterCode = 'CONNECT',
    approved = Promise.resolve(),
  }: { afterCode?: 'CONNECT' | 'VERIFY_DEVICE'; approved?: Promise<void> } = {},
) {
  const calls: { type: string; payload: unknown }[] = []
  const listeners = new Set<(event: FrameEvent) => void>()
  return {
    calls,
    request: vi.fn(async (type: string, payload: unknown) => {
      calls.push({ type, payload })
      if (type === 'connectEmail') return { action }
      if (type === 'connectOtp') return { action: afterCode }
      if (type === 'connectDevice') await approved
      return {}
    }),
    onEvent(listener: (event: FrameEvent) => void) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    emit: (event: FrameEvent) => {
      for (const listener of listeners) listener(event)
    },
  }
}
