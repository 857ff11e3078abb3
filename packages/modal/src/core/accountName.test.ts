import { describe, expect, it, vi } from 'vitest'
import { identityKey } from '../api/cacheKeys'
import type { AccountClient } from '../api/createAccountClient'
import { createQueryCache } from '../kernel/queryCache'
import { createAccountName } from './accountName'

const ALICE = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const BOB = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'

function harness(names: Record<string, string | null>, withCloud = true) {
  const listeners = new Set<() => void>()
  let address: string | undefined
  const chains = {
    getAccount: () =>
      ({ address }) as ReturnType<Parameters<typeof createAccountName>[0]['chains']['getAccount']>,
    subscribe: (listener: () => void) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
  const identity = vi.fn(async (of: string) => ({ name: names[of] ?? null, avatar: null }))
  const cache = createQueryCache({ now: () => Date.now() })
  const accountName = createAccountName({
    chains,
    cache,
    account: withCloud ? async () => ({ identity }) as unknown as AccountClient : undefined,
  })
  const connect = (next: string | undefined) => {
    address = next
    for (const listener of listeners) listener()
  }
  return { accountName, cache, identity, connect }
}

describe('the connected account’s name (docs/behaviour.md#names)', () => {
  it('asks the cloud once an address connects, follows the account, and is gone on disconnect', async () => {
    const { accountName, identity, connect } = harness({ [ALICE]: 'alice.allaccess.eth' })
    const heard = vi.fn()
    accountName.subscribe(heard)
    expect(accountName.get()).toBeUndefined()
    connect(ALICE)
    await vi.waitFor(() => expect(accountName.get()).toBe('alice.allaccess.eth'))
    expect(identity).toHaveBeenCalledWith(ALICE, ALICE)
    expect(heard).toHaveBeenCalled()
    connect(BOB)
    expect(accountName.get()).toBeUndefined()
    await vi.waitFor(() => expect(identity).toHaveBeenCalledWith(BOB, BOB))
    expect(accountName.get()).toBeUndefined()
    connect(undefined)
    expect(accountName.get()).toBeUndefined()
    accountName.destroy()
  })

  it('shows a name the cache learns later (a registration refreshes the identity)', async () => {
    const names: Record<string, string | null> = {}
    const { accountName, cache, connect } = harness(names)
    connect(ALICE)
    await vi.waitFor(() => expect(cache.get(identityKey(ALICE))?.data).toBeDefined())
    expect(accountName.get()).toBeUndefined()
    cache.set(identityKey(ALICE), { name: 'alice.allaccess.eth', avatar: null }, Date.now())
    expect(accountName.get()).toBe('alice.allaccess.eth')
    accountName.destroy()
  })

  it('asks nothing without a cloud', () => {
    const { accountName, identity, connect } = harness({ [ALICE]: 'alice.allaccess.eth' }, false)
    connect(ALICE)
    expect(accountName.get()).toBeUndefined()
    expect(identity).not.toHaveBeenCalled()
  })
})
