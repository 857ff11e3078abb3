import { FRAME_CHANNEL, FRAME_PROTOCOL_VERSION, frameMessages } from '@allaccess/frame-protocol'
import { describe, expect, it } from 'vitest'
import { MAX_OPEN_REQUESTS, type RequestHandlers, replyThenReload, startHostChannel } from './hostChannel'

const HOST = 'https://app.example'

/** A frame window whose parent records what the frame posts, and whose listeners the test calls. */
function fakeWindow() {
  const posted: { message: unknown; origin: string }[] = []
  const parent = { postMessage: (message: unknown, origin: string) => posted.push({ message, origin }) }
  let listener: ((event: MessageEvent) => void) | undefined
  const window = {
    parent,
    addEventListener: (_type: string, handler: (event: MessageEvent) => void) => {
      listener = handler
    },
    removeEventListener: () => {
      listener = undefined
    },
  } as unknown as Window
  const deliver = (
    data: unknown,
    { origin = HOST, source = parent as unknown }: { origin?: string; source?: unknown } = {},
  ) => listener?.({ data, origin, source } as MessageEvent)
  return { window, posted, deliver }
}

const request = (id: string, type: string, payload: unknown) => ({
  channel: FRAME_CHANNEL,
  version: FRAME_PROTOCOL_VERSION,
  id,
  type,
  payload,
})
const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

function start(handlers: Partial<RequestHandlers>, afterEach?: () => Promise<void>) {
  const fake = fakeWindow()
  startHostChannel({
    window: fake.window,
    hostOrigin: HOST,
    handlers: handlers as RequestHandlers,
    ...(afterEach ? { afterEach } : {}),
    describeError: (error) => ({ message: error instanceof Error ? error.message : 'An error occurred' }),
  })
  return fake
}

describe('the frame’s host channel', () => {
  it('says ready to the host’s origin only, then answers each request once, to that origin', async () => {
    const { posted, deliver } = start({ getChainId: async () => ({ chainId: 1 }) })
    expect(posted).toEqual([{ message: frameMessages.ready(), origin: HOST }])
    deliver(request('a', 'getChainId', {}))
    await settle()
    expect(posted[1]).toEqual({ message: frameMessages.success('a', { chainId: 1 }), origin: HOST })
  })

  it('runs afterEach (the session check) after each answer, a failed one too', async () => {
    const after: number[] = []
    const { posted, deliver } = start(
      {
        getChainId: async () => ({ chainId: 1 }),
        signOut: async () => {
          throw new Error('no')
        },
      },
      async () => {
        after.push(posted.length)
      },
    )
    deliver(request('a', 'getChainId', {}))
    deliver(request('b', 'signOut', {}))
    await settle()
    expect(after).toHaveLength(2)
    // Each after its reply was posted.
    expect(after.every((count) => count >= 2)).toBe(true)
  })

  it('drops messages from another origin, another window, or that do not parse', async () => {
    let calls = 0
    const { posted, deliver } = start({ getChainId: async () => ({ chainId: ++calls }) })
    deliver(request('a', 'getChainId', {}), { origin: 'https://evil.example' })
    deliver(request('b', 'getChainId', {}), { source: {} })
    deliver({ ...request('c', 'getChainId', {}), version: 1 })
    deliver(request('d', 'connectOtp', { otp: '12' }))
    deliver('getChainId')
    await settle()
    expect(calls).toBe(0)
    expect(posted).toHaveLength(1)
  })

  it('answers a failure with its text, and refuses past the open-request bound', async () => {
    const never = new Promise<never>(() => {})
    const { posted, deliver } = start({
      connectOtp: async () => {
        throw new Error('Invalid code. Check the code in your e-mail and try again.')
      },
      connectDevice: () => never,
    })
    deliver(request('x', 'connectOtp', { otp: '123456' }))
    await settle()
    expect(posted[1]?.message).toEqual(
      frameMessages.error('x', { message: 'Invalid code. Check the code in your e-mail and try again.' }),
    )
    for (let index = 0; index < MAX_OPEN_REQUESTS; index++) deliver(request(`w${index}`, 'connectDevice', {}))
    deliver(request('over', 'connectDevice', {}))
    await settle()
    expect(posted.at(-1)?.message).toEqual(frameMessages.error('over', { message: 'Too many open requests' }))
    expect(posted).toHaveLength(3)
  })

  it('answers reload first, then reloads the frame', async () => {
    const events: string[] = []
    const { posted, deliver } = start({
      reload: replyThenReload(() => events.push(`reloaded after ${posted.length}`)),
    })
    deliver(request('r', 'reload', {}))
    await settle()
    expect(posted[1]?.message).toEqual(frameMessages.success('r', {}))
    // Two posts (ready and the reply) were out when the frame reloaded.
    expect(events).toEqual(['reloaded after 2'])
  })
})
