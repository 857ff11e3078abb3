import type { Locator } from '@playwright/test'
import { animationsSettled } from './animations'

/**
 * What in the dialog sticks out past its right edge (or widens it): each such element's tag, class and text, for
 * a failure message that says what spilled. None on a view that fits. Measured once the view's entry animation
 * has ended: a view sliding in is offset for 150 ms, which is motion, not overflow.
 */
export async function overflowing(dialog: Locator): Promise<string[]> {
  await animationsSettled(dialog)
  return dialog.evaluate((root) => {
    const edge = root.getBoundingClientRect().right + 0.5
    const found: string[] = []
    if (root.scrollWidth > root.clientWidth + 1)
      found.push(`the dialog scrolls sideways (${root.scrollWidth} px)`)
    for (const element of root.querySelectorAll<HTMLElement>('*')) {
      const box = element.getBoundingClientRect()
      if (box.width === 0 || box.right <= edge) continue
      found.push(
        `${element.tagName.toLowerCase()}.${element.className} "${element.textContent?.slice(0, 40)}"`,
      )
    }
    return found
  })
}
