import { describe, expect, it } from 'vitest'
import { KernelError, ThemeErrorText } from '../kernel/errors'
import { createModal } from './createModal'

const metadata = { name: 'All-Access Pass', description: 'Mint', url: 'http://localhost', icons: [] }
const setup = (options: Partial<Parameters<typeof createModal>[0]> = {}) =>
  createModal({ adapters: [], metadata, projectId: 'test', isMobile: () => false, ...options })

describe('createModal: theme at creation and at run time', () => {
  it('starts from the options, then setThemeMode and setThemeVariables change the store', () => {
    const modal = setup({ themeMode: 'dark', themeVariables: { '--aap-accent': '#e8590c' } })
    expect(modal.getState()).toMatchObject({
      themeMode: 'dark',
      themeVariables: { '--aap-accent': '#e8590c' },
    })
    const seen: unknown[] = []
    modal.subscribe((state) => seen.push(state.themeMode))
    modal.setThemeMode('light')
    modal.setThemeMode(undefined)
    expect(seen).toEqual(['light', undefined])
    modal.setThemeVariables({ '--aap-border-radius': '0px' })
    expect(modal.getState().themeVariables).toEqual({
      '--aap-accent': '#e8590c',
      '--aap-border-radius': '0px',
    })
    modal.setThemeVariables({ '--aap-accent': '' })
    expect(modal.getState().themeVariables).toEqual({ '--aap-border-radius': '0px' })
  })

  it('bad theme input is a clear error and leaves the theme as it was', () => {
    expect(() => setup({ themeMode: 'blue' as 'dark' })).toThrowError(new KernelError('invalidThemeMode'))
    const modal = setup({ themeMode: 'dark' })
    expect(() => modal.setThemeMode('sepia' as 'dark')).toThrowError(ThemeErrorText.invalidThemeMode)
    expect(() => modal.setThemeVariables({ color: 'red' } as never)).toThrowError(
      ThemeErrorText.invalidThemeVariable,
    )
    expect(modal.getState()).toMatchObject({ themeMode: 'dark', themeVariables: {} })
  })
})

describe('createModal: notification banner and closing (docs/behaviour.md#banner)', () => {
  it('closing the modal hides the banner', async () => {
    const modal = setup()
    modal.open()
    modal.banner.show({ variant: 'loading', message: 'Waiting' })
    expect(modal.banner.getState().banner).not.toBeNull()
    modal.close()
    expect(modal.banner.getState().banner).toBeNull()
    // Opening fetched the features: done before the test ends, so nothing loads after its environment went.
    await modal.loadFeatures()
    modal.destroy()
  })
})
