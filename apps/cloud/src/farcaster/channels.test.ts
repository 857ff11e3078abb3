import { FARCASTER_CHANNEL_TTL_MS } from '@allaccess/protocol'
import { describe, expect, it } from 'vitest'
import { TooManyRequestsError } from '../http/errors.js'
import { ChannelStore } from './channels.js'
import { CHANNELS_PER_CLIENT, MAX_CHANNELS } from './limits.js'

describe('ChannelStore', () => {
  it('forgets channels FARCASTER_CHANNEL_TTL_MS after they were made', () => {
    let now = 1_000
    const store = new ChannelStore(() => now)
    store.add((expiresAt) => ({ token: 'a', client: 'x', expiresAt }))
    now += FARCASTER_CHANNEL_TTL_MS - 1
    store.add((expiresAt) => ({ token: 'b', client: 'y', expiresAt }))
    expect(store.get('a')?.token).toBe('a')
    now += 1
    expect(store.get('a')).toBeUndefined()
    expect(store.get('b')?.token).toBe('b')
    expect(store.size).toBe(1)
  })

  it("ends a client's oldest channel past CHANNELS_PER_CLIENT, and no other client's", () => {
    const store = new ChannelStore(() => 0)
    store.add((expiresAt) => ({ token: 'other', client: 'y', expiresAt }))
    for (let i = 0; i <= CHANNELS_PER_CLIENT; i++)
      store.add((expiresAt) => ({ token: `t${i}`, client: 'x', expiresAt }))
    expect(store.get('t0')).toBeUndefined()
    expect(store.get('t1')).toBeDefined()
    expect(store.get('other')).toBeDefined()
    expect(store.size).toBe(CHANNELS_PER_CLIENT + 1)
  })

  it('refuses new channels past MAX_CHANNELS (429 until the oldest expires)', () => {
    let now = 0
    const store = new ChannelStore(() => now)
    for (let i = 0; i < MAX_CHANNELS; i++)
      store.add((expiresAt) => ({ token: `t${i}`, client: `c${i}`, expiresAt }))
    const add = () => store.add((expiresAt) => ({ token: 'late', client: 'z', expiresAt }))
    expect(add).toThrow(TooManyRequestsError)
    try {
      add()
    } catch (error) {
      expect((error as TooManyRequestsError).retryAfterSeconds).toBe(FARCASTER_CHANNEL_TTL_MS / 1000)
    }
    now = FARCASTER_CHANNEL_TTL_MS
    expect(add().token).toBe('late')
  })
})
