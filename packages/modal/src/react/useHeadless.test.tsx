import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { mockModal } from '../testing/mockModal'
import { ModalContext } from './context'
import { useBalances, useConnectMenu, useSend, useViewToOpen } from './useHeadless'

// On the server (and in the first render that hydrates it) the hooks show the disconnected, not-yet-loaded state.
function Menu() {
  const menu = useConnectMenu()
  const balances = useBalances()
  const send = useSend()
  const next = useViewToOpen()
  return (
    <p>
      {menu.ready ? 'ready' : 'loading'}|{menu.wallets.length}|{balances.balance ?? 'no balance'}|
      {send.state ? 'form' : 'no form'}|{next.view}
    </p>
  )
}

describe('headless hooks', () => {
  it('render the disconnected state on the server, fetching nothing', () => {
    const { modal } = mockModal()
    const html = renderToString(
      <ModalContext.Provider value={modal}>
        <Menu />
      </ModalContext.Provider>,
    )
    expect(html).toBe(
      '<p>loading<!-- -->|<!-- -->0<!-- -->|<!-- -->no balance<!-- -->|<!-- -->no form<!-- -->|<!-- -->Connect</p>',
    )
    expect(modal.featureViews()).toBeUndefined()
  })

  it('useViewToOpen follows the opening rules: Account once connected', async () => {
    const { modal } = mockModal()
    await modal.connect('mock')
    const Next = () => <>{useViewToOpen().view}</>
    const html = renderToString(
      <ModalContext.Provider value={modal}>
        <Next />
      </ModalContext.Provider>,
    )
    expect(html).toBe('Account')
    expect(modal.viewToOpen({ view: 'Networks' })).toEqual({ view: 'Networks' })
  })
})
