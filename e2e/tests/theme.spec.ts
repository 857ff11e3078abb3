import { fileURLToPath } from 'node:url'
import type { Modal } from '@allaccess/modal/testing'
import type { Locator, Page } from '@playwright/test'
import { bundlePage } from '../support/bundlePage'
import { expect, modal, openModal, test } from '../support/fixtures'

const LIGHT_BG = 'rgb(255, 255, 255)'
const DARK_BG = 'rgb(22, 24, 27)'
const HOST = '[data-allaccess-modal]'

const background = (dialog: Locator) =>
  dialog.evaluate((element) => getComputedStyle(element).backgroundColor)

test.describe('theme mode follows the system by default', () => {
  test.use({ colorScheme: 'dark' })

  test('dark system scheme gives the dark theme, and a change of the system scheme follows live', async ({
    page,
    wallet: _wallet,
  }) => {
    await page.goto('/')
    const dialog = await openModal(page)
    await expect(page.locator(HOST)).toHaveAttribute('data-theme', 'dark')
    expect(await background(dialog)).toBe(DARK_BG)
    await page.emulateMedia({ colorScheme: 'light' })
    await expect(page.locator(HOST)).toHaveAttribute('data-theme', 'light')
    expect(await background(dialog)).toBe(LIGHT_BG)
  })
})

test.describe('theme at creation and at run time (setThemeMode, setThemeVariables)', () => {
  let bundle = ''

  test.beforeAll(async () => {
    bundle = await bundlePage(fileURLToPath(new URL('./theme.page.ts', import.meta.url)), 'themePage')
    expect(bundle).toContain('aap-accent')
  })

  async function themePage(page: Page): Promise<Locator> {
    await page.setContent('<!doctype html><html lang="en"><title>Theme</title><body></body></html>')
    await page.addScriptTag({ content: bundle })
    const dialog = modal(page)
    await expect(dialog).toBeVisible()
    return dialog
  }
  const call = (page: Page, script: (modal: Modal) => void) =>
    page.evaluate(`(${script.toString()})(window.modal)`)

  test('themeMode and themeVariables given at creation apply', async ({ page }) => {
    const dialog = await themePage(page)
    await expect(page.locator(HOST)).toHaveAttribute('data-theme', 'dark')
    expect(await background(dialog)).toBe(DARK_BG)
    const accent = await page
      .locator(HOST)
      .evaluate((host) => getComputedStyle(host).getPropertyValue('--aap-accent').trim())
    expect(accent).toBe('rgb(232, 89, 12)')
  })

  test('setThemeMode switches light and dark at run time; undefined follows the system again', async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme: 'dark' })
    const dialog = await themePage(page)
    await call(page, (modal) => modal.setThemeMode('light'))
    await expect(page.locator(HOST)).toHaveAttribute('data-theme', 'light')
    expect(await background(dialog)).toBe(LIGHT_BG)
    await call(page, (modal) => modal.setThemeMode(undefined))
    await expect(page.locator(HOST)).toHaveAttribute('data-theme', 'dark')
    await page.emulateMedia({ colorScheme: 'light' })
    await expect(page.locator(HOST)).toHaveAttribute('data-theme', 'light')
    expect(await background(dialog)).toBe(LIGHT_BG)
  })

  test('setThemeVariables changes radius, font family and z-index at run time; an empty value restores the default', async ({
    page,
  }) => {
    const dialog = await themePage(page)
    const look = () =>
      dialog.evaluate((element) => {
        const style = getComputedStyle(element)
        return { radius: style.borderTopLeftRadius, font: style.fontFamily, zIndex: style.zIndex }
      })
    expect(await look()).toMatchObject({ radius: '16px', zIndex: '2147483000' })
    await call(page, (modal) =>
      modal.setThemeVariables({
        '--aap-border-radius': '4px',
        '--aap-font-family': 'monospace',
        '--aap-z-index': '40',
      }),
    )
    expect(await look()).toEqual({ radius: '4px', font: 'monospace', zIndex: '40' })
    await call(page, (modal) => modal.setThemeVariables({ '--aap-border-radius': '' }))
    expect(await look()).toMatchObject({ radius: '16px', font: 'monospace' })
  })

  test('bad theme input is a clear error and changes nothing', async ({ page }) => {
    const dialog = await themePage(page)
    await expect(call(page, (modal) => modal.setThemeMode('sepia' as 'dark'))).rejects.toThrow(
      "Invalid theme mode: use 'light', 'dark' or undefined",
    )
    await expect(
      call(page, (modal) =>
        modal.setThemeVariables({ color: 'red' } as Parameters<Modal['setThemeVariables']>[0]),
      ),
    ).rejects.toThrow("Invalid theme variable: names start with '--aap-', values are strings")
    await expect(page.locator(HOST)).toHaveAttribute('data-theme', 'dark')
    expect(await background(dialog)).toBe(DARK_BG)
  })
})
