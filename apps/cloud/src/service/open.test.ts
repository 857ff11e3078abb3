import { pino } from 'pino'
import { describe, expect, it } from 'vitest'
import { loadConfig } from '../services.js'
import { defineService } from './define.js'
import { openInOrder } from './open.js'

const context = { config: loadConfig({}), log: pino({ level: 'silent' }) }

/** A service that notes its opening and closing in `events`, and opens `{ [name]: name }`. */
function noting(name: string, events: string[], fail = false) {
  return defineService({
    name,
    open: (needs: Record<string, unknown>) => {
      events.push(`open ${name} after ${Object.keys(needs).join(',')}`)
      if (fail) throw new Error(`${name} failed`)
      return { [name]: name }
    },
    close: () => {
      events.push(`close ${name}`)
    },
  })
}

describe('openInOrder', () => {
  it('opens each service with what those before it opened, and closes them in reverse order', async () => {
    const events: string[] = []
    const opened = await openInOrder([noting('a', events), noting('b', events)], context)
    expect(opened).toMatchObject({ a: 'a', b: 'b', config: context.config })
    await opened.close()
    expect(events).toEqual(['open a after config', 'open b after config,a', 'close b', 'close a'])
  })

  it('closes what it opened, in reverse order, when a service fails to open', async () => {
    const events: string[] = []
    const services = [
      noting('a', events),
      noting('b', events),
      noting('c', events, true),
      noting('d', events),
    ]
    await expect(openInOrder(services, context)).rejects.toThrow('c failed')
    expect(events).toEqual([
      'open a after config',
      'open b after config,a',
      'open c after config,a,b',
      'close b',
      'close a',
    ])
  })
})
