// The websocket API (port + 1): signature, account and slot subscriptions, as Solana's PubSub answers them.
import type { Address } from '@solana/kit'
import { type WebSocket, WebSocketServer } from 'ws'
import { encodeAccount } from './accounts'
import { MAX_REQUEST_BODY_BYTES } from './constants'
import type { Landed, Ledger } from './ledger'
import { type Chain, type Method, withContext } from './methods/context'
import { accountEncoding, config, integer, positional, pubkey, signature } from './params'
import { handleBody, toJson } from './rpc'
import { RPC_ERROR, RpcFailure } from './rpc-errors'

type Subscription =
  | { kind: 'signature'; signature: string }
  | { kind: 'account'; address: Address; encoding: ReturnType<typeof accountEncoding>; last: string }
  | { kind: 'slot' }

const NOTIFICATION = {
  signature: 'signatureNotification',
  account: 'accountNotification',
  slot: 'slotNotification',
}

/** One socket's subscriptions and the methods that change them. */
function socketSession(socket: WebSocket, ledger: Ledger) {
  const subscriptions = new Map<number, Subscription>()
  let nextId = 0
  const notify = (id: number, kind: Subscription['kind'], result: unknown) =>
    socket.send(handleNotification(NOTIFICATION[kind], id, result))
  const accountState = (address: Address, encoding: ReturnType<typeof accountEncoding>) =>
    encodeAccount(ledger.account(address), encoding, ledger.decimalsOf)
  const signatureDone = (id: number, landed: Landed) => {
    subscriptions.delete(id)
    notify(id, 'signature', withContext(ledger, { err: landed.err }))
  }

  const subscribe = (subscription: Subscription) => {
    const id = nextId++
    subscriptions.set(id, subscription)
    return id
  }
  const unsubscribe =
    (kind: Subscription['kind']): Method =>
    (params) => {
      const id = integer(positional(params, 1, 1)[0], 0, Number.MAX_SAFE_INTEGER, 'a subscription id')
      if (subscriptions.get(id)?.kind !== kind) throw invalidSubscription()
      return subscriptions.delete(id)
    }
  const methods = new Map<string, Method>([
    [
      'signatureSubscribe',
      (params) => {
        const args = positional(params, 1, 2)
        const wanted = signature(args[0])
        config(args[1])
        const id = subscribe({ kind: 'signature', signature: wanted })
        // Already landed: notified at once (after the answer with the id), as Solana's status cache does.
        const landed = ledger.transaction(wanted)
        if (landed) setImmediate(() => subscriptions.has(id) && signatureDone(id, landed))
        return id
      },
    ],
    ['signatureUnsubscribe', unsubscribe('signature')],
    [
      'accountSubscribe',
      (params) => {
        const args = positional(params, 1, 2)
        const address = pubkey(args[0])
        const encoding = accountEncoding(config(args[1]))
        return subscribe({
          kind: 'account',
          address,
          encoding,
          last: JSON.stringify(accountState(address, encoding)),
        })
      },
    ],
    ['accountUnsubscribe', unsubscribe('account')],
    [
      'slotSubscribe',
      (params) => {
        positional(params, 0, 0)
        return subscribe({ kind: 'slot' })
      },
    ],
    ['slotUnsubscribe', unsubscribe('slot')],
  ])

  const onLanded = (landed: Landed) => {
    for (const [id, subscription] of subscriptions)
      if (subscription.kind === 'signature' && subscription.signature === landed.signature)
        signatureDone(id, landed)
  }
  const onBlock = (slot: bigint) => {
    for (const [id, subscription] of subscriptions) {
      if (subscription.kind === 'slot')
        notify(id, 'slot', { parent: slot > 0n ? slot - 1n : 0n, root: slot, slot })
      if (subscription.kind !== 'account') continue
      const state = accountState(subscription.address, subscription.encoding)
      const text = JSON.stringify(state, (_, value) => (typeof value === 'bigint' ? String(value) : value))
      if (text === subscription.last) continue
      subscription.last = text
      notify(id, 'account', withContext(ledger, state))
    }
  }
  return { methods, onLanded, onBlock }
}

const invalidSubscription = () => new RpcFailure(RPC_ERROR.invalidParams, 'Invalid subscription id.')
const handleNotification = (method: string, subscription: number, result: unknown) =>
  toJson({ jsonrpc: '2.0', method, params: { result, subscription } })

/** Serves subscriptions on `port`; each socket's requests are answered as the HTTP API answers them. */
export async function serveSubscriptions(chain: Chain, host: string, port: number) {
  const server = new WebSocketServer({ host, port, maxPayload: MAX_REQUEST_BODY_BYTES })
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve)
    server.once('error', reject)
  })
  server.on('connection', (socket) => {
    const session = socketSession(socket, chain.ledger)
    chain.ledger.events.on('landed', session.onLanded)
    chain.ledger.events.on('block', session.onBlock)
    socket.on('close', () => {
      chain.ledger.events.off('landed', session.onLanded)
      chain.ledger.events.off('block', session.onBlock)
    })
    // An over-long frame closes the socket (ws's maxPayload); everything else is answered.
    socket.on('error', () => socket.terminate())
    socket.on('message', async (data) => {
      const text = Buffer.isBuffer(data)
        ? data
        : Buffer.concat(Array.isArray(data) ? data : [Buffer.from(data)])
      const answer = await handleBody(text.toString('utf8'), chain, session.methods)
      if (answer !== undefined && socket.readyState === socket.OPEN) socket.send(answer)
    })
  })
  const address = server.address()
  return {
    port: typeof address === 'object' && address ? address.port : port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of server.clients) client.terminate()
        server.close(() => resolve())
      }),
  }
}
