import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../db/index.js'
import { type Fanout, localFanout, postgresFanout } from './fanout.js'
import { Relay, type RelayLimits } from './relay.js'
import { MessageStore } from './store.js'

export type RelayOptions = {
  db: Db
  /** Set: several processes share the database, and publications are spread by LISTEN/NOTIFY. */
  databaseUrl: string | undefined
  limits: RelayLimits
  log: FastifyBaseLogger
}

/** The relay over the database's message cache, with the fan-out the database calls for. */
export async function openRelay({ db, databaseUrl, limits, log }: RelayOptions): Promise<Relay> {
  const fanout: Fanout = databaseUrl
    ? await postgresFanout(
        databaseUrl,
        (announcement) => {
          relay.onAnnouncement(announcement).catch((error: unknown) => {
            log.warn({ err: error }, 'relay announcement not delivered')
          })
        },
        log,
      )
    : localFanout
  const relay = new Relay(new MessageStore(db), fanout, limits, log)
  return relay
}
