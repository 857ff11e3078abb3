import type { Locator } from '@playwright/test'

/**
 * What in the dialog sticks out past its right edge (or widens it): each such element's tag, class and text, for
 * a failure message that says what spilled. None on a view that fits.
 */
export async function overflowing(dialog: Locator): Promise<string[]> {
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
