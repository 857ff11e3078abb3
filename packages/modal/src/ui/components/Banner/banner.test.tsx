import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import type { Modal } from '../../../app/modal'
import { type BannerController, createBanner } from '../../../kernel/banner'
import { ModalContext } from '../../../react/context'
import { Banner } from './Banner'

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
})
