import { describe, expect, it, vi } from 'vitest'
import type { FrameHost } from '../../embedded/frameHost'
import { ACCOUNT_TYPE_TEXTS, createAccountTypeControl } from './accountType'

const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

/** A frame that answers the account-type requests as the e-mail wallet does; `refuse` fails those named. */
function setup({ refuse = [] as string[], chainId = 31337 } = {}) {
  let type: 'eoa' | 'smartAccount' = 'smartAccount'
  const request = vi.fn(async (kind: string, payload: { type?: 'eoa' | 'smartAccount' }) => {
    if (refuse.includes(kind)) throw new Error(`refused ${kind}`)
    switch (kind) {
      case 'getSmartAccountEnabledNetworks':
        return { smartAccountEnabledNetworks: [31337] }
      case 'getUser':
        return { address: ADDRESS, preferredAccountType: type, smartAccountDeployed: true }
      case 'setPreferredAccount':
        type = payload.type ?? type
        return { type, address: ADDRESS }
    }
    throw new Error(kind)
  })
  const control = createAccountTypeControl({
    frame: async () => ({ request }) as unknown as FrameHost,
    chainId: () => chainId,
  })
  return { control, request }
}

describe("the e-mail wallet's account type in the modal", () => {
  it('pins its texts', () => {
    expect(ACCOUNT_TYPE_TEXTS).toEqual({
      label: 'Account type',
      eoa: 'Externally owned account',
      smartAccount: 'Smart account',
      switchName: 'Smart account',
      sameAddress: 'The same address either way.',
      failed: 'The account type could not be changed: it is the externally owned account.',
    })
  })

  it("reads the frame's networks and the account's type, and switches eoa ↔ smartAccount", async () => {
    const { control, request } = setup()
    await control.load()
    expect(control.state.getState()).toMatchObject({
      enabledNetworks: [31337],
      preferredAccountType: 'smartAccount',
      smartAccountDeployed: true,
    })
    expect(control.switchable()).toBe(true)
    await control.choose('eoa')
    expect(request).toHaveBeenLastCalledWith('setPreferredAccount', { type: 'eoa' })
    expect(control.state.getState()).toMatchObject({ preferredAccountType: 'eoa', busy: false })
    await control.choose('smartAccount')
    expect(control.state.getState().preferredAccountType).toBe('smartAccount')
  })

  it('offers no switch on a network without smart accounts, nor when the frame could not name them (spec §7)', async () => {
    const other = setup({ chainId: 1 })
    await other.control.load()
    expect(other.control.switchable()).toBe(false)
    const failing = setup({ refuse: ['getSmartAccountEnabledNetworks'] })
    await failing.control.load()
    expect(failing.control.state.getState().enabledNetworks).toEqual([])
    expect(failing.control.switchable()).toBe(false)
  })

  it('a failed switch leaves eoa, and says so (spec §4)', async () => {
    const { control } = setup({ refuse: ['setPreferredAccount'] })
    await control.load()
    await control.choose('eoa')
    expect(control.state.getState()).toMatchObject({
      preferredAccountType: 'eoa',
      error: ACCOUNT_TYPE_TEXTS.failed,
      busy: false,
    })
  })
})
