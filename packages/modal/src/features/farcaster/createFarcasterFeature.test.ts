import { afterEach, describe, expect, it, vi } from 'vitest'
import type { CloudApi } from '../../api/types'
import { createModal } from '../../app/createModal'
import type { Modal } from '../../app/modal'
import { currentEntry } from '../../kernel/router'
import { cloudWithAnalytics } from '../../testing/cloudWithAnalytics'
import { createEmbeddedAuthAdapter } from '../../testing/embeddedAuthAdapter'
import { memoryStorage } from '../../testing/memoryStorage'
import '../../testing/settleFeatures'
import { SOCIAL_STORAGE_KEYS } from '../social/constants'
import { socialFeature } from '../social/socialFeature'
import type { FarcasterFeature } from './createFarcasterFeature'
import { FarcasterErrorText } from './errors'
import { farcasterFeature } from './farcasterFeature'

// The behaviour these tests check: docs/behaviour.md#farcaster.

const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const URL = 'https://farcaster.xyz/~/siwf?channelToken=abc'
const metadata = { name: 'All-Access Pass', description: '', url: 'http://127.0.0.1:5173', icons: [] }

/** The code the Farcaster app of these tests shows its approver. */
const CODE = '123456'

/**
 * The frame as the Farcaster feature uses it: connectFarcaster answered (or refused) by the test; completeFarcaster
 * gives the approver's username for CODE only.
 */
function fakeFrame() {
  let settle: { resolve(value: unknown): void; reject(error: Error): void } | undefined
  let approver: string | undefined
  const calls: string[] = []
  return {
    calls,
    request: vi.fn(async (type: string, payload?: { completion?: string }) => {
      calls.push(type)
      if (type === 'getFarcasterUri') return { url: URL }
      if (type === 'connectFarcaster')
        return new Promise((resolve, reject) => {
          settle = { resolve, reject }
        })
      if (type === 'completeFarcaster') {
        if (payload?.completion !== CODE || !approver) throw new Error('That is not the code.')
        return { username: approver }
      }
      return {}
    }),
    approve: (username: string) => {
      approver = username
      settle?.resolve({})
    },
    refuse: () => settle?.reject(new Error('The message is not signed by the custody address of its fid.')),
  }
}

let modal: Modal | undefined
afterEach(() => modal?.destroy())

async function harness(api?: CloudApi) {
  // The account feature's balance look-ups have no wallet actions here.
  vi.spyOn(console, 'warn').mockImplementation(() => {})
  const frame = fakeFrame()
  const storage = new Map<string, string>()
  const social = socialFeature()
  modal = createModal({
    adapters: [createEmbeddedAuthAdapter(frame, ADDRESS)],
    metadata,
    projectId: 'test',
    isMobile: () => false,
    modules: [social, farcasterFeature],
    ...(api ? { api } : {}),
    environment: {
      storage: memoryStorage(storage),
    },
  })
  await modal.loadFeatures()
  const farcaster: FarcasterFeature = modal.feature(farcasterFeature)
  const view = () => (modal?.getState().open ? currentEntry(modal.getState().router).view : 'closed')
  return { modal, farcaster, frame, storage, view, social: modal.feature(social) }
}

describe('Sign In With Farcaster', () => {
  it('reports the social login events (docs/behaviour.md#farcaster): started, user data, then success or error', async () => {
    const cloud = cloudWithAnalytics()
    const { farcaster, frame } = await harness(cloud.api)
    const signingIn = farcaster.connect()
    await vi.waitFor(() => expect(frame.calls).toContain('connectFarcaster'))
    frame.approve('alice')
    await signingIn
    await farcaster.complete(CODE)
    const refused = farcaster.connect()
    await vi.waitFor(() => expect(frame.calls.filter((call) => call === 'connectFarcaster')).toHaveLength(2))
    frame.refuse()
    await refused
    const social = (await cloud.sent()).filter(([event]) => String(event).startsWith('SOCIAL_LOGIN_'))
    expect(social).toEqual([
      ['SOCIAL_LOGIN_STARTED', { provider: 'farcaster' }],
      ['SOCIAL_LOGIN_REQUEST_USER_DATA', { provider: 'farcaster' }],
      ['SOCIAL_LOGIN_SUCCESS', { provider: 'farcaster' }],
      ['SOCIAL_LOGIN_STARTED', { provider: 'farcaster' }],
      ['SOCIAL_LOGIN_ERROR', { provider: 'farcaster', message: FarcasterErrorText.connect }],
    ])
  })

  it("the social feature's Farcaster button leads to ConnectingFarcaster once this feature brings it", async () => {
    const { modal, social, view } = await harness()
    expect(social.buttons()).toContain('farcaster')
    modal.open()
    await social.select('farcaster')
    expect(view()).toBe('ConnectingFarcaster')
  })

  it("shows the frame's link (farcasterUrl), then connects the embedded wallet and keeps the username", async () => {
    const { modal, farcaster, frame, storage, social } = await harness()
    modal.open()
    const signingIn = farcaster.connect()
    await vi.waitFor(() => expect(farcaster.state.getState().farcasterUrl).toBe(URL))
    expect(farcaster.state.getState().busy).toBe(true)
    // A second call while one runs starts nothing.
    await farcaster.connect()
    expect(frame.calls).toEqual(['getFarcasterUri', 'connectFarcaster'])
    frame.approve('alice')
    await signingIn
    // Approved: no account until the code the Farcaster app showed is given.
    expect(farcaster.state.getState()).toMatchObject({ approved: true, busy: false })
    expect(modal.getAccount().address).toBeUndefined()
    await farcaster.complete(CODE)
    expect(frame.calls).toEqual(['getFarcasterUri', 'connectFarcaster', 'completeFarcaster'])
    expect(modal.getAccount().address).toBe(ADDRESS)
    expect(storage.get(SOCIAL_STORAGE_KEYS.username)).toBe('alice')
    expect(storage.get(SOCIAL_STORAGE_KEYS.provider)).toBe('farcaster')
    expect(social.state.getState()).toMatchObject({ username: 'alice', accountProvider: 'farcaster' })
    expect(farcaster.state.getState()).toMatchObject({ busy: false, error: undefined })
  })

  it("says 'Failed to connect to farcaster' when the frame refuses, and Try again starts a new sign-in", async () => {
    const { modal, farcaster, frame, storage } = await harness()
    modal.open()
    const signingIn = farcaster.connect()
    await vi.waitFor(() => expect(frame.calls).toContain('connectFarcaster'))
    frame.refuse()
    await signingIn
    expect(farcaster.state.getState()).toMatchObject({ busy: false, error: FarcasterErrorText.connect })
    expect(FarcasterErrorText.connect).toBe('Failed to connect to farcaster')
    expect(modal.getAccount().address).toBeUndefined()
    expect(storage.size).toBe(0)

    const again = farcaster.connect()
    await vi.waitFor(() => expect(frame.calls.filter((call) => call === 'connectFarcaster')).toHaveLength(2))
    expect(farcaster.state.getState().error).toBeUndefined()
    frame.approve('alice')
    await again
    await farcaster.complete(CODE)
    expect(modal.getAccount().address).toBe(ADDRESS)
  })

  it("a wrong code: 'Failed to connect to farcaster', no account, and the code is asked for no more", async () => {
    const { modal, farcaster, frame, storage } = await harness()
    modal.open()
    const signingIn = farcaster.connect()
    await vi.waitFor(() => expect(frame.calls).toContain('connectFarcaster'))
    frame.approve('alice')
    await signingIn
    await farcaster.complete('654321')
    expect(farcaster.state.getState()).toMatchObject({ approved: false, error: FarcasterErrorText.connect })
    expect(modal.getAccount().address).toBeUndefined()
    expect(storage.size).toBe(0)
    await farcaster.complete(CODE)
    expect(frame.calls.filter((call) => call === 'completeFarcaster')).toHaveLength(1)
  })
})
