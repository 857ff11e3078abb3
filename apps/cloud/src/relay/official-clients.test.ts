// Node-only entry points: the package's index also holds the in-page wallet, which needs the DOM's types.
import { freePort } from '@allaccess/testkit/free-port'
import { refuseOutsideFetch } from '@allaccess/testkit/offline-fetch'
import { createSignClient } from '@allaccess/testkit/walletconnect'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { durableStorage, relayUrlOf } from './test-support.js'

/** The official clients must not reach any public host: the test fails on the first attempt. */
let offline: ReturnType<typeof refuseOutsideFetch>
beforeAll(() => {
  offline = refuseOutsideFetch()
})
afterAll(() => offline.restore())

const ACCOUNT = 'eip155:31337:0x0000000000000000000000000000000000000001'

describe('official WalletConnect 2.25 clients through the relay', () => {
  it('pair, approve, request; the relay restarts mid-session and the next request still succeeds', async () => {
    const storage = await durableStorage()
    const port = await freePort()
    let cloud = await storage.start(port)
    const relayUrl = relayUrlOf(cloud)
    const [dapp, wallet] = [
      await createSignClient(relayUrl, 'dapp'),
      await createSignClient(relayUrl, 'wallet'),
    ]
    try {
      wallet.on('session_proposal', ({ id }) => {
        wallet.approve({
          id,
          namespaces: {
            eip155: { accounts: [ACCOUNT], methods: ['personal_sign'], events: [], chains: ['eip155:31337'] },
          },
        })
      })
      wallet.on('session_request', ({ topic, id, params }) => {
        wallet.respond({
          topic,
          response: { id, jsonrpc: '2.0', result: `signed:${params.request.params[0]}` },
        })
      })
      const { uri, approval } = await dapp.connect({
        optionalNamespaces: { eip155: { methods: ['personal_sign'], chains: ['eip155:31337'], events: [] } },
      })
      if (!uri) throw new Error('no pairing URI')
      expect(uri).toContain('relay-protocol=irn')
      await wallet.pair({ uri })
      const session = await approval()
      const sign = (message: string) =>
        dapp.request<string>({
          topic: session.topic,
          chainId: 'eip155:31337',
          request: { method: 'personal_sign', params: [message, ACCOUNT.split(':')[2]] },
        })
      expect(await sign('0x01')).toBe('signed:0x01')

      await cloud.close()
      cloud = await storage.start(port)
      // The clients reconnect by themselves (backoff: 0.1 s, then 1, 2, 3, 4 s) and resubscribe.
      expect(await sign('0x02')).toBe('signed:0x02')
      expect(offline.refused).toEqual([])
    } finally {
      for (const client of [dapp, wallet]) await client.core.relayer.transportClose().catch(() => {})
      await cloud.close()
      await storage.remove()
    }
  }, 60_000)
})
