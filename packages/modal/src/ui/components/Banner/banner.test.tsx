import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import type { Modal } from '../../../app/modal'
import { type BannerController, createBanner } from '../../../kernel/banner'
import { ModalContext } from '../../../react/context'
import { BANNER_SHOWN_MS, Banner } from './Banner'

// The behaviour these tests check: docs/behaviour.md#banner.

const rendered = (banner: BannerController) =>
  renderToString(
    <ModalContext.Provider value={{ banner } as unknown as Modal}>
      <Banner />
    </ModalContext.Provider>,
  )

describe('Notification banner: the view', () => {
  it('reads modal.banner: nothing shown, an error in the alert region, the rest in the polite one', () => {
    const banner = createBanner()
    expect(rendered(banner)).toBe('<div class="banner-slot"><div role="status"></div></div>')

    banner.show({ variant: 'error', message: 'Connection rejected' })
    expect(rendered(banner)).toMatch(
      /^<div class="banner-slot"><div role="status"><\/div><div role="alert"><div class="banner" data-variant="error">.*Connection rejected/,
    )

    banner.hide()
    banner.show({ variant: 'success', message: 'Address copied', description: 'Paste it anywhere' })
    const html = rendered(banner)
    expect(html).toMatch(
      /^<div class="banner-slot"><div role="status"><div class="banner" data-variant="success">/,
    )
    expect(html).toContain('<span class="banner-message">Address copied</span>')
    expect(html).toContain('<span class="banner-description">Paste it anywhere</span>')
    expect(html).not.toContain('role="alert"')
  })

  it('no toast lingers past 10 s: success and info 4 s, errors 8 s; a loading banner stays until replaced', () => {
    expect(BANNER_SHOWN_MS).toEqual({ success: 4_000, info: 4_000, error: 8_000, loading: undefined })
  })
})
