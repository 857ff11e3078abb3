import { renderToString } from 'react-dom/server'
import { describe, expect, it, vi } from 'vitest'
import { BusyButton } from './BusyButton'

// The behaviour these tests check: focus back on its button after the frame's screen (docs/behaviour.md#views).

/** The click handler React gave the rendered button, called as a click would. */
function click(element: ReturnType<typeof BusyButton>) {
  ;(element.props as { onClick(): void }).onClick()
}

describe('BusyButton', () => {
  it('is aria-disabled, never disabled, while busy: it keeps its focus', () => {
    expect(
      renderToString(
        <BusyButton busy className="primary-button" onClick={() => {}}>
          Swap
        </BusyButton>,
      ),
    ).toBe('<button class="primary-button" type="button" aria-disabled="true">Swap</button>')
    expect(
      renderToString(
        <BusyButton busy={false} onClick={() => {}}>
          Swap
        </BusyButton>,
      ),
    ).toBe('<button type="button" aria-disabled="false">Swap</button>')
  })

  it('runs its step only when not busy', () => {
    const onClick = vi.fn()
    click(BusyButton({ busy: true, onClick }))
    expect(onClick).not.toHaveBeenCalled()
    click(BusyButton({ busy: false, onClick }))
    expect(onClick).toHaveBeenCalledTimes(1)
  })
})
