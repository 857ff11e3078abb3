import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import type { Modal, ModalState } from '../../../../app/modal'
import type { Connector } from '../../../../chains/types'
import { ConnectionErrorText } from '../../../../kernel/errors'
import { ModalContext } from '../../../../react/context'
import { ConnectingExternalView } from './ConnectingExternalView'

// The behaviour these tests check: docs/behaviour.md#connecting.

const extension: Connector = {
  id: 'io.metamask',
  type: 'ANNOUNCED',
  name: 'MetaMask',
  chain: 'eip155',
  info: { icon: 'data:image/svg+xml,metamask' },
}

const rendered = (connectorId: string, error: ModalState['error'] = null) => {
  const modal = {
    getState: () => ({ error }),
    subscribe: () => () => {},
    getConnectors: () => [extension],
    subscribeAccount: () => () => {},
  } as unknown as Modal
  return renderToString(
    <ModalContext.Provider value={modal}>
      <ConnectingExternalView connectorId={connectorId} />
    </ModalContext.Provider>,
  )
}

describe('Connect: waiting on an external wallet', () => {
  it("names the modal's connector and shows its icon while it waits", () => {
    const html = rendered('io.metamask')
    expect(html).toContain('<img class="icon icon-large" src="data:image/svg+xml,metamask"')
    expect(html).toContain('Continue in <!-- -->MetaMask')
    expect(html).toContain('class="secondary-button">Try again</button>')
  })

  it("says 'your wallet' for a connector the modal no longer lists, and shows the failure", () => {
    const html = rendered('gone', ConnectionErrorText.connectionRejected)
    expect(html).toContain('<span class="icon icon-large" aria-hidden="true"></span>')
    expect(html).toContain(`role="alert">${ConnectionErrorText.connectionRejected}</p>`)
    expect(html).toContain('class="primary-button">Try again</button>')
    expect(html).not.toContain('Continue in')
  })
})
