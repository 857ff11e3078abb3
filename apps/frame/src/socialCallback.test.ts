import { SOCIAL_CALLBACK_MESSAGE } from '@allaccess/protocol'
import { describe, expect, it, vi } from 'vitest'
import { listenForSocialCompletion } from './socialCallback'

const CLOUD = 'http://127.0.0.1:8787'
const completion = 'c'.repeat(43)

describe("the social callback's completion code", () => {
  it('is taken from the cloud’s own page only; the host page, or any other origin, posts nothing the frame takes', () => {
    const target = new EventTarget()
    const complete = vi.fn()
    const release = listenForSocialCompletion(target as unknown as Window, CLOUD, complete)
    const post = (data: unknown, origin: string) =>
      target.dispatchEvent(new MessageEvent('message', { data, origin }))
    post({ type: SOCIAL_CALLBACK_MESSAGE, completion }, 'http://site.allaccess.localhost:5173')
    post({ type: SOCIAL_CALLBACK_MESSAGE, completion: 'short' }, CLOUD)
    post('not a message', CLOUD)
    expect(complete).not.toHaveBeenCalled()
    post({ type: SOCIAL_CALLBACK_MESSAGE, completion }, CLOUD)
    expect(complete).toHaveBeenCalledWith(completion)
    release()
    post({ type: SOCIAL_CALLBACK_MESSAGE, completion }, CLOUD)
    expect(complete).toHaveBeenCalledTimes(1)
  })
})
