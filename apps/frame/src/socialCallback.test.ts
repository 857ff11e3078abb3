import { SOCIAL_CALLBACK_MESSAGE } from '@allaccess/protocol'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { broadcastCompletion, listenForSocialCompletion } from './socialCallback'

const completion = 'c'.repeat(43)
const releases: (() => void)[] = []
afterEach(() => {
  for (const release of releases.splice(0)) release()
})

/** Waits for the broadcasts in flight (a BroadcastChannel delivers on a later task). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 50))

describe("the social callback's completion code", () => {
  it('reaches the frame from its own completion page, on its own origin: well-formed codes only', async () => {
    const complete = vi.fn()
    releases.push(listenForSocialCompletion(complete))
    const clear = vi.fn()
    broadcastCompletion({ hash: `#${completion}` }, clear)
    broadcastCompletion({ hash: '#<script>' }, () => {})
    await settle()
    expect(clear).toHaveBeenCalled()
    expect(complete).toHaveBeenCalledExactlyOnceWith(completion)
  })

  it('is not taken from another channel (a page of the frame’s origin only reaches it on its own)', async () => {
    const complete = vi.fn()
    releases.push(listenForSocialCompletion(complete))
    const other = new BroadcastChannel('another-channel')
    other.postMessage({ type: SOCIAL_CALLBACK_MESSAGE, completion })
    other.close()
    await settle()
    expect(complete).not.toHaveBeenCalled()
  })
})
