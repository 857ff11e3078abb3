import { IDBFactory } from 'fake-indexeddb'
import { describe, expect, it } from 'vitest'
import { openUsableVault } from './storage'

/** Chromium's answers in a third-party context with storage blocked: `open` throws, or its request fails. */
const throwing = () =>
  ({
    open: () => {
      throw new DOMException('Access to the IndexedDB API is denied in this context.', 'SecurityError')
    },
  }) as unknown as IDBFactory
const failing = () =>
  ({
    open: () => {
      const request = { error: new DOMException('The user denied permission.', 'UnknownError') } as {
        error: DOMException
        onerror?: () => void
      }
      queueMicrotask(() => request.onerror?.())
      return request
    },
  }) as unknown as IDBFactory

describe('openUsableVault', () => {
  it('gives the vault when the browser lets the frame keep its storage', async () => {
    const opened = await openUsableVault(() => new IDBFactory())
    expect('vault' in opened && (await opened.vault.get('deviceId'))).toBeUndefined()
  })

  it('names the refusal when IndexedDB throws, fails to open, or is not there at all', async () => {
    for (const indexedDB of [
      throwing,
      failing,
      () => {
        throw new DOMException('The operation is insecure.', 'SecurityError')
      },
    ]) {
      const opened = await openUsableVault(indexedDB)
      expect(opened).toEqual({ refused: expect.any(DOMException) })
    }
  })
})
