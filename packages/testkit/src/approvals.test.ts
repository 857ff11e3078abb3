import { describe, expect, it } from 'vitest'
import { ApprovalDesk } from './approvals'
import type { WalletRequest } from './types'

const request = (method: string): WalletRequest => ({ method, origin: 'http://127.0.0.1' })

describe('ApprovalDesk', () => {
  it('approves by default', async () => {
    await expect(new ApprovalDesk().ask(request('personal_sign'))).resolves.toBeUndefined()
  })

  it('rejects with 4001 only the next request of the named method', async () => {
    const desk = new ApprovalDesk()
    desk.rejectNext('eth_sendTransaction')
    await expect(desk.ask(request('personal_sign'))).resolves.toBeUndefined()
    await expect(desk.ask(request('eth_sendTransaction'))).rejects.toMatchObject({
      code: 4001,
      message: 'User rejected the request.',
    })
    await expect(desk.ask(request('eth_sendTransaction'))).resolves.toBeUndefined()
  })

  it('lets queued answers win over the policy, in order', async () => {
    const desk = new ApprovalDesk()
    desk.setPolicy(async () => 'reject' as const)
    const held = desk.holdNext()
    desk.rejectNext()

    const first = desk.ask(request('eth_requestAccounts'))
    expect(await held.request).toMatchObject({ method: 'eth_requestAccounts' })
    held.approve()
    await expect(first).resolves.toBeUndefined()
    await expect(desk.ask(request('personal_sign'))).rejects.toMatchObject({ code: 4001 })
    await expect(desk.ask(request('personal_sign'))).rejects.toMatchObject({ code: 4001 })
  })

  it('rejects a held request when the test says so', async () => {
    const desk = new ApprovalDesk()
    const held = desk.holdNext('personal_sign')
    const asked = desk.ask(request('personal_sign'))
    held.reject()
    await expect(asked).rejects.toMatchObject({ code: 4001 })
  })
})
