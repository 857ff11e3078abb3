import { describe, expect, it, vi } from 'vitest'
import { identityKey } from '../../api/cacheKeys'
import type { AccountClient } from '../../api/createAccountClient'
import { createQueryCache } from '../../kernel/queryCache'
import { createAccountProfile } from './accountProfile'

const ALICE = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const BOB = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const AVATAR = 'https://cloud.example/avatar.png'

function harness(names: Record<string, string | null>, withCloud = true) {
  const listeners = new Set<() => void>()
  let address: string | undefined
  const chains = {
    getAccount: () =>
      ({ address }) as ReturnType<Parameters<typeof createAccountProfile>[0]['chains']['getAccount']>,
    subscribe: (listener: () => void) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
  const identity = vi.fn(async (of: string) => ({
    name: names[of] ?? null,
    avatar: names[of] ? AVATAR : null,
  }))
  const cache = createQueryCache({ now: () => Date.now() })
  const profile = createAccountProfile({
    chains,
    cache,
    account: withCloud ? async () => ({ identity }) as unknown as AccountClient : undefined,
  })
  const connect = (next: string | undefined) => {
    address = next
    for (const listener of listeners) listener()
  }
  return { profile, cache, identity, connect }
}

describe('the connected account’s name and avatar (docs/behaviour.md#names)', () => {
  it('asks the cloud once an address connects, follows the account, and is gone on disconnect', async () => {
    const { profile, identity, connect } = harness({ [ALICE]: 'alice.allaccess.eth' })
    const heard = vi.fn()
    profile.subscribe(heard)
    expect(profile.get()).toEqual({ name: undefined, avatar: undefined })
    connect(ALICE)
    await vi.waitFor(() => expect(profile.get()).toEqual({ name: 'alice.allaccess.eth', avatar: AVATAR }))
    expect(identity).toHaveBeenCalledWith(ALICE, ALICE)
    expect(heard).toHaveBeenCalled()
    connect(BOB)
    expect(profile.get()).toEqual({ name: undefined, avatar: undefined })
    await vi.waitFor(() => expect(identity).toHaveBeenCalledWith(BOB, BOB))
    expect(profile.get()).toEqual({ name: undefined, avatar: undefined })
    connect(undefined)
    expect(profile.get()).toEqual({ name: undefined, avatar: undefined })
    profile.destroy()
  })

  it('shows a name the cache learns later (a registration refreshes the identity)', async () => {
    const names: Record<string, string | null> = {}
    const { profile, cache, connect } = harness(names)
    connect(ALICE)
    await vi.waitFor(() => expect(cache.get(identityKey(ALICE))?.data).toBeDefined())
    expect(profile.get()).toEqual({ name: undefined, avatar: undefined })
    const before = profile.get()
    cache.set(identityKey(ALICE), { name: 'alice.allaccess.eth', avatar: null }, Date.now())
    expect(profile.get()).toEqual({ name: 'alice.allaccess.eth', avatar: undefined })
    expect(profile.get()).not.toBe(before)
    // Told again what it knows: the same object, so a React button does not render again.
    const shown = profile.get()
    cache.set(identityKey(ALICE), { name: 'alice.allaccess.eth', avatar: null }, Date.now())
    expect(profile.get()).toBe(shown)
    profile.destroy()
  })

  it('asks nothing without a cloud', () => {
    const { profile, identity, connect } = harness({ [ALICE]: 'alice.allaccess.eth' }, false)
    connect(ALICE)
    expect(profile.get()).toEqual({ name: undefined, avatar: undefined })
    expect(identity).not.toHaveBeenCalled()
  })
})
