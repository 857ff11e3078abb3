import { FRAME_ERROR_TEXTS, parseReply } from '@allaccess/frame-protocol'
import { describe, expect, it } from 'vitest'
import { accountsOf, createAccountTypeHandlers, SMART_ACCOUNT_ENABLED_NETWORKS } from './accountType'
import { NotSignedInError } from './notSignedIn'

const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const signal = new AbortController().signal

const signedIn = createAccountTypeHandlers({ address: async () => ADDRESS })
const signedOut = createAccountTypeHandlers({
  address: async () => {
    throw new NotSignedInError()
  },
})

describe('the account-type answers of a wallet without smart accounts', () => {
  it('names no smart-account network, in a reply the host parses', async () => {
    const reply = await signedIn.getSmartAccountEnabledNetworks({}, signal)
    expect(reply).toEqual({ smartAccountEnabledNetworks: [] })
    expect(parseReply('getSmartAccountEnabledNetworks', reply)).toEqual(reply)
    // A copy: a host's reply never shares the constant.
    expect(reply.smartAccountEnabledNetworks).not.toBe(SMART_ACCOUNT_ENABLED_NETWORKS)
  })

  it('refuses to set up a smart account', async () => {
    await expect(signedIn.initSmartAccount({}, signal)).rejects.toThrow(
      FRAME_ERROR_TEXTS.smartAccountUnavailable,
    )
  })

  it("answers eoa as the preferred account with the signed-in wallet's address, and refuses smartAccount", async () => {
    const reply = await signedIn.setPreferredAccount({ type: 'eoa' }, signal)
    expect(reply).toEqual({ type: 'eoa', address: ADDRESS })
    expect(parseReply('setPreferredAccount', reply)).toEqual(reply)
    await expect(signedIn.setPreferredAccount({ type: 'smartAccount' }, signal)).rejects.toThrow(
      FRAME_ERROR_TEXTS.smartAccountUnavailable,
    )
  })

  it('answers NotSignedIn for eoa while nobody is signed in', async () => {
    await expect(signedOut.setPreferredAccount({ type: 'eoa' }, signal)).rejects.toBeInstanceOf(
      NotSignedInError,
    )
  })

  it("fills getUser's accounts with the key's account alone", () => {
    const user = {
      email: 'ada@example.com',
      provider: null,
      username: null,
      address: ADDRESS,
      chainId: 31337,
      ...accountsOf(ADDRESS),
    } as const
    expect(parseReply('getUser', user)).toMatchObject({
      accounts: [{ address: ADDRESS, type: 'eoa' }],
      preferredAccountType: 'eoa',
      smartAccountDeployed: false,
    })
  })
})
