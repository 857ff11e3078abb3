import { afterAll, describe, expect, it } from 'vitest'
import { DatabaseBusyError } from '../db/index.js'
import { durableStorage, RawClient, randomTopic, relayUrlOf } from './test-support.js'

const onPostgres = Boolean(process.env.DATABASE_URL)
const closers: Array<() => Promise<unknown>> = []
afterAll(async () => {
  for (const close of closers.reverse()) await close()
})

describe('relay fan-out across cloud processes', () => {
  // The suite runs on each engine; each run proves its half (registered, not skipped, on its engine only).
  if (onPostgres)
    it('PostgreSQL: a publication on one cloud reaches a subscriber on another (LISTEN/NOTIFY), live and once', async () => {
      const storage = await durableStorage()
      closers.push(storage.remove)
      const [first, second] = [await storage.start(0), await storage.start(0)]
      closers.push(first.close, second.close)
      const wallet = await RawClient.open(relayUrlOf(second))
      const dapp = await RawClient.open(relayUrlOf(first))
      closers.push(
        () => wallet.close(),
        () => dapp.close(),
      )

      const topic = randomTopic()
      await wallet.request('irn_subscribe', { topic })
      expect(
        (await dapp.request('irn_publish', { topic, message: 'across', ttl: 300, tag: 1108 })).result,
      ).toBe(true)
      const delivery = await wallet.until(() => wallet.deliveries[0])
      expect(delivery.params.data).toMatchObject({ topic, message: 'across', tag: 1108 })
      // Not twice: the announcement is read once, and the publisher's own process does not echo it.
      await new Promise((resolve) => setTimeout(resolve, 300))
      expect(wallet.deliveries).toHaveLength(1)
      expect(dapp.deliveries).toHaveLength(0)
    })
  else
    it('PGlite: a second cloud on the same folder is refused, so one process serves every subscriber', async () => {
      const storage = await durableStorage()
      closers.push(storage.remove)
      const only = await storage.start(0)
      closers.push(only.close)
      await expect(storage.start(0)).rejects.toBeInstanceOf(DatabaseBusyError)
    })
})
