import { describe, expect, it } from 'vitest'
import { createScreens } from './screens'

describe('the frame’s screens', () => {
  it('shows a notice until dismissed, once however often it is asked for, and hides after it', () => {
    const visible: boolean[] = []
    const screens = createScreens((shown) => visible.push(shown))
    screens.notify('Action not allowed')
    screens.notify('Action not allowed')
    screens.notify('Action not allowed')
    const shown = screens.get()
    expect(shown).toMatchObject({ kind: 'notice', text: 'Action not allowed' })
    if (shown.kind !== 'notice') throw new Error('no notice')
    shown.close()
    expect(screens.get()).toEqual({ kind: 'idle' })
    expect(visible).toEqual([true, false])
  })

  it('lets a notice wait behind an approval, and shows it once the approval is answered', async () => {
    const screens = createScreens(() => {})
    const approved = screens.ask({
      method: 'personal_sign',
      params: ['0x00', `0x${'1'.repeat(40)}`],
      chainId: 1,
    } as never)
    screens.notify('Action not allowed')
    const approval = screens.get()
    if (approval.kind !== 'approval') throw new Error('no approval')
    approval.answer(true)
    expect(await approved).toBe(true)
    expect(screens.get()).toMatchObject({ kind: 'notice' })
  })

  it('puts a new device to the user, and keeps the screen of a waiting device current until it closes', async () => {
    const visible: boolean[] = []
    const screens = createScreens((shown) => visible.push(shown))
    const device = {
      id: 'd1',
      device: 'iPhone',
      browser: 'Safari 17',
      place: 'Network 203.0.113.0/24 (from the device’s address)',
      signedInWith: 'google',
      site: 'https://shop.example',
      project: 'Shop',
      askedAt: 0,
      recoverAt: null,
    }
    const asked = screens.askNewDevice(device, new AbortController().signal)
    const waiting = screens.showWaiting(
      { status: 'pending', recoverAt: null },
      { recover: async () => {}, cancel: () => {} },
    )
    const question = screens.get()
    if (question.kind !== 'newDevice') throw new Error('no question')
    expect(question.device).toBe(device)
    question.answer(false)
    expect(await asked).toBe(false)
    expect(screens.get()).toMatchObject({ kind: 'waiting', state: { status: 'pending' } })
    waiting.update({ status: 'recovering', recoverAt: 5 })
    expect(screens.get()).toMatchObject({ kind: 'waiting', state: { status: 'recovering', recoverAt: 5 } })
    waiting.close()
    expect(screens.get()).toEqual({ kind: 'idle' })
    expect(visible).toEqual([true, false])

    // Signed out while the question waits: it goes, unanswered.
    const signedOut = new AbortController()
    const dropped = screens.askNewDevice(device, signedOut.signal)
    signedOut.abort()
    expect(await dropped).toBe(false)
    expect(screens.get()).toEqual({ kind: 'idle' })
  })
})
