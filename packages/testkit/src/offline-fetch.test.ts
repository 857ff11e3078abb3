import { createServer } from 'node:http'
import { afterEach, describe, expect, it } from 'vitest'
import { refuseOutsideFetch } from './offline-fetch'

let guard: ReturnType<typeof refuseOutsideFetch> | undefined
afterEach(() => guard?.restore())

describe('refuseOutsideFetch', () => {
  it('lets 127.0.0.1 through, refuses and records any other host, and restores fetch', async () => {
    const original = globalThis.fetch
    const server = createServer((_, response) => response.end('local'))
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const address = server.address()
    if (typeof address !== 'object' || !address) throw new Error('not listening')
    try {
      guard = refuseOutsideFetch()
      expect(await (await fetch(`http://127.0.0.1:${address.port}/`)).text()).toBe('local')
      await expect(fetch('https://verify.walletconnect.org/v3/public-key')).rejects.toThrow(
        'offline test: refused https://verify.walletconnect.org',
      )
      expect(guard.refused).toEqual(['https://verify.walletconnect.org'])
      guard.restore()
      expect(globalThis.fetch).toBe(original)
    } finally {
      server.close()
    }
  })
})
