import { describe, expect, it, vi } from 'vitest'
import { CloudHttpError, CloudUnreachableError } from '../../api/errors'
import type { CloudApi } from '../../api/types'
import { RETRY_GAP_MS } from '../../app/constants'
import { walletListing } from '../../testing/walletListing'
import { createWalletPicker } from './walletPicker'

describe('wallet picker: the directory after a failure (docs/behaviour.md#wallet-picker)', () => {
  it('asks again on a later open, but not sooner than the retry gap (1 s)', async () => {
    let now = 0
    const getWallets = vi.fn<CloudApi['getWallets']>().mockRejectedValue(new Error('cloud down'))
    const api = { getWallets } as unknown as CloudApi
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const reported: unknown[] = []
    const picker = createWalletPicker(
      { api, now: () => now },
      { getConnectors: () => [], isMobile: () => false, onError: (error) => reported.push(error) },
    )
    await picker.load()
    const asked = getWallets.mock.calls.length
    expect(asked).toBeGreaterThan(0)
    now += RETRY_GAP_MS - 1
    await picker.load()
    expect(getWallets).toHaveBeenCalledTimes(asked)
    now += 1
    await picker.load()
    expect(getWallets).toHaveBeenCalledTimes(asked * 2)
    expect(reported).toEqual([new Error('cloud down'), new Error('cloud down')])
    warn.mockRestore()
  })

  it('says the directory is unavailable after a failure, until it answers again', async () => {
    let now = 0
    const getWallets = vi.fn<CloudApi['getWallets']>().mockRejectedValue(new Error('cloud down'))
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const picker = createWalletPicker(
      { api: { getWallets } as unknown as CloudApi, now: () => now },
      { getConnectors: () => [], isMobile: () => false, onError: () => undefined },
    )
    expect(picker.getState().directoryUnavailable).toBe(false)
    await picker.load()
    expect(picker.getState().directoryUnavailable).toBe(true)
    getWallets.mockResolvedValue({ data: [walletListing({ id: 'zerion', name: 'Zerion' })], count: 1 })
    now += RETRY_GAP_MS
    await picker.load()
    expect(picker.getState().directoryUnavailable).toBe(false)
    expect(picker.getOptions().map((option) => option.name)).toEqual(['Zerion'])
    warn.mockRestore()
  })

  it('says the cloud is unreachable when the directory got no answer at all, not when it refused', async () => {
    let now = 0
    const getWallets = vi
      .fn<CloudApi['getWallets']>()
      .mockRejectedValue(new CloudUnreachableError("The cloud at http://127.0.0.1:1 can't be reached"))
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const picker = createWalletPicker(
      { api: { getWallets } as unknown as CloudApi, now: () => now },
      { getConnectors: () => [], isMobile: () => false, onError: () => undefined },
    )
    expect(picker.getState().cloudUnreachable).toBe(false)
    await picker.load()
    expect(picker.getState()).toMatchObject({ directoryUnavailable: true, cloudUnreachable: true })
    // A refusal is an answer: the cloud is there, only the directory failed.
    getWallets.mockRejectedValue(new CloudHttpError(500, 'Internal Server Error'))
    now += RETRY_GAP_MS
    await picker.load()
    expect(picker.getState()).toMatchObject({ directoryUnavailable: true, cloudUnreachable: false })
    getWallets.mockRejectedValue(
      new CloudUnreachableError("The cloud at http://127.0.0.1:1 can't be reached"),
    )
    now += RETRY_GAP_MS
    await picker.load()
    getWallets.mockResolvedValue({ data: [], count: 0 })
    now += RETRY_GAP_MS
    await picker.load()
    expect(picker.getState()).toMatchObject({ directoryUnavailable: false, cloudUnreachable: false })
    warn.mockRestore()
  })
})
