import { EventEmitter as NodeEmitter } from 'node:events'
import { describe, expect, it } from 'vitest'
import { EventEmitter } from './eventEmitter'

type Emitter = Pick<
  NodeEmitter,
  'on' | 'once' | 'off' | 'removeListener' | 'removeAllListeners' | 'emit' | 'listenerCount'
>

/** One script of calls, run on Node's emitter and on ours: both must log the same. */
function script(emitter: Emitter): string[] {
  const log: string[] = []
  const a = (value: number) => log.push(`a${value}`)
  const b = (value: number) => {
    log.push(`b${value}`)
    emitter.off('tick', a) // removed during an emit: still runs this time
  }
  const once = (value: number) => log.push(`once${value}`)
  emitter.on('tick', b)
  emitter.on('tick', a)
  emitter.once('tick', once)
  emitter.on('tick', a)
  log.push(`emitted ${emitter.emit('tick', 1)}`, `count ${emitter.listenerCount('tick')}`)
  log.push(`emitted ${emitter.emit('tick', 2)}`, `count ${emitter.listenerCount('tick')}`)
  emitter.once('done', once)
  emitter.removeListener('done', once)
  log.push(`emitted ${emitter.emit('done', 3)}`, `count ${emitter.listenerCount('done')}`)
  emitter.removeAllListeners('tick')
  log.push(`emitted ${emitter.emit('tick', 4)}`)
  emitter.on('x', a).on('y', a)
  emitter.removeAllListeners()
  log.push(`count ${emitter.listenerCount('x') + emitter.listenerCount('y')}`)
  return log
}

describe("the modal's EventEmitter for WalletConnect", () => {
  it("behaves as Node's in every call WalletConnect makes", () => {
    const ours = script(new EventEmitter() as unknown as Emitter)
    expect(ours).toEqual(script(new NodeEmitter()))
    expect(ours).toContain('once1')
    expect(ours).not.toContain('once2')
  })

  it('throws an error no one listens to, and hands it to a listener otherwise', () => {
    const emitter = new EventEmitter()
    const failure = new Error('socket stalled')
    expect(() => emitter.emit('error', failure)).toThrow(failure)
    const heard: unknown[] = []
    emitter.on('error', (error: unknown) => heard.push(error))
    expect(emitter.emit('error', failure)).toBe(true)
    expect(heard).toEqual([failure])
  })

  it('keeps the listener limit it is given', () => {
    expect(new EventEmitter().setMaxListeners(0).getMaxListeners()).toBe(0)
  })
})
