import type { Locator } from '@playwright/test'

/** Waits for the finite animations under `element` (its shadow root included) to end: views settle first. */
export async function animationsSettled(element: Locator): Promise<void> {
  await element.evaluate((node) =>
    // allSettled: an animation whose element was replaced meanwhile is cancelled, not finished.
    Promise.allSettled(
      node
        .getAnimations({ subtree: true })
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished),
    ),
  )
}
