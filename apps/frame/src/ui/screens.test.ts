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
})
