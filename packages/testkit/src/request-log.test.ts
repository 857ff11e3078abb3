import { describe, expect, it } from 'vitest'
import { RequestLog, WaitForRequestTimeoutError } from './request-log'

const origin = 'http://127.0.0.1'

describe('RequestLog', () => {
  it('records outcomes: succeeded, rejected for 4001, failed otherwise', () => {
    const log = new RequestLog()
    log.succeed(log.open({ method: 'eth_chainId', origin }), '0x1')
    log.fail(log.open({ method: 'personal_sign', origin }), {
      code: 4001,
      message: 'User rejected the request.',
    })
    log.fail(log.open({ method: 'eth_call', origin }), { code: 3, message: 'execution reverted', data: '0x' })
    expect(log.records.map(({ method, outcome }) => [method, outcome])).toEqual([
      ['eth_chainId', 'succeeded'],
      ['personal_sign', 'rejected'],
      ['eth_call', 'failed'],
    ])
    expect(log.records[2]?.error).toEqual({ code: 3, message: 'execution reverted', data: '0x' })
  })

  it('hands out past and future requests once each, oldest first', async () => {
    const log = new RequestLog()
    const past = log.open({ method: 'eth_accounts', origin })
    expect(await log.waitFor('eth_accounts')).toBe(past)

    const waiting = log.waitFor('eth_accounts')
    log.open({ method: 'eth_chainId', origin })
    const future = log.open({ method: 'eth_accounts', params: [], origin })
    expect(await waiting).toBe(future)
  })

  it('gives up with a typed error after the time-out', async () => {
    await expect(new RequestLog().waitFor('eth_accounts', { timeout: 20 })).rejects.toBeInstanceOf(
      WaitForRequestTimeoutError,
    )
  })
})
