import { describe, expect, it } from 'vitest'
import {
  FRAME_CHANNEL,
  FRAME_PROTOCOL_VERSION,
  frameMessages,
  parseFrameMessage,
  parseHostMessage,
  parseReply,
} from './messages'

const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

const request = (type: string, payload: unknown, extra: Record<string, unknown> = {}) => ({
  channel: FRAME_CHANNEL,
  version: FRAME_PROTOCOL_VERSION,
  id: 'r1',
  type,
  payload,
  ...extra,
})

describe('host → frame requests', () => {
  it('accepts each request with its payload, built by the builder', () => {
    const message = frameMessages.request('r1', 'connectEmail', { email: 'ada@example.com' })
    expect(parseHostMessage(message)).toEqual(message)
    expect(parseHostMessage(request('signOut', undefined))).toMatchObject({ type: 'signOut', payload: {} })
    expect(parseHostMessage(request('getSocialRedirectUri', { provider: 'github' }))).toMatchObject({
      payload: { provider: 'github' },
    })
    expect(parseHostMessage(request('rpcRequest', { method: 'eth_chainId', chainId: 31337 }))).toMatchObject({
      payload: { method: 'eth_chainId', chainId: 31337 },
    })
  })

  it('accepts the account-type requests and reload (docs/embedded-wallet.md#account-type)', () => {
    for (const type of ['getSmartAccountEnabledNetworks', 'initSmartAccount', 'reload'])
      expect(parseHostMessage(request(type, undefined))).toMatchObject({ type, payload: {} })
    for (const type of ['eoa', 'smartAccount'])
      expect(parseHostMessage(request('setPreferredAccount', { type }))).toMatchObject({ payload: { type } })
  })

  it.each([
    ['another channel', { ...request('signOut', {}), channel: 'wc' }],
    ['another version (v1)', { ...request('signOut', {}), version: 1 }],
    ['an unknown type', request('exportShares', {})],
    ['a bad e-mail', request('connectEmail', { email: 'not-an-address' })],
    ['a code of 5 digits', request('connectOtp', { otp: '12345' })],
    ['a code of letters', request('connectOtp', { otp: 'abcdef' })],
    ['an extra field (strict payloads)', request('connectOtp', { otp: '123456', token: 'x' })],
    ['a chain id that is no integer', request('getUser', { chainId: 1.5 })],
    [
      'a provider outside the six (docs/behaviour.md#social)',
      request('getSocialRedirectUri', { provider: 'myspace' }),
    ],
    [
      'farcaster as a social redirect (its own relay)',
      request('getSocialRedirectUri', { provider: 'farcaster' }),
    ],
    ['a non-http RPC URL', request('switchNetwork', { chainId: 1, rpcUrl: 'javascript:alert(1)' })],
    ['an oversized method', request('rpcRequest', { method: 'x'.repeat(65), chainId: 1 })],
    ['an oversized id', request('signOut', {}, { id: 'x'.repeat(65) })],
    ['a string', 'connectEmail'],
    ['null', null],
    ['a deep nest', JSON.parse(`${'['.repeat(5000)}${']'.repeat(5000)}`)],
    ['an account type outside eoa and smartAccount', request('setPreferredAccount', { type: 'safe' })],
    ['no account type', request('setPreferredAccount', {})],
    ['an extra key beside the account type', request('setPreferredAccount', { type: 'eoa', address: '0x1' })],
    [
      'a deep nest as the account type',
      request('setPreferredAccount', { type: JSON.parse(`${'['.repeat(5000)}${']'.repeat(5000)}`) }),
    ],
    [
      'a payload for getSmartAccountEnabledNetworks',
      request('getSmartAccountEnabledNetworks', { chainId: 1 }),
    ],
    ['a payload for initSmartAccount', request('initSmartAccount', { type: 'smartAccount' })],
    ['a payload for reload', request('reload', { force: true })],
  ])('drops %s', (_name, data) => {
    expect(parseHostMessage(data)).toBeUndefined()
  })
})

describe('frame → host messages', () => {
  it('parses ready, success, error and visibility', () => {
    expect(parseFrameMessage(frameMessages.ready())).toEqual({
      channel: FRAME_CHANNEL,
      version: FRAME_PROTOCOL_VERSION,
      type: 'ready',
    })
    expect(parseFrameMessage(frameMessages.success('r1', { chainId: 1 }))).toMatchObject({ id: 'r1' })
    expect(parseFrameMessage(frameMessages.error('r1', { message: 'An error occurred' }))).toMatchObject({
      error: { message: 'An error occurred' },
    })
    expect(parseFrameMessage(frameMessages.visibility(true))).toMatchObject({ visible: true })
    expect(parseFrameMessage(frameMessages.socialReauthAgain())).toMatchObject({ type: 'socialReauthAgain' })
  })

  it('drops what is not ours or is malformed', () => {
    expect(parseFrameMessage({ type: 'ready' })).toBeUndefined()
    expect(parseFrameMessage({ ...frameMessages.error('r1', { message: 'x' }), error: 'x' })).toBeUndefined()
    expect(parseFrameMessage({ ...frameMessages.success('r1', {}), id: '' })).toBeUndefined()
  })

  it('parses a success payload for the request it answers', () => {
    expect(parseReply('connectEmail', { action: 'VERIFY_OTP' })).toEqual({ action: 'VERIFY_OTP' })
    expect(parseReply('connectEmail', { action: 'LOGIN' })).toBeUndefined()
    expect(parseReply('getUser', { email: 'a@b.co', address: '0x12', chainId: 1 })).toBeUndefined()
    const social = {
      email: null,
      provider: 'discord',
      username: 'carol0',
      address: ADDRESS,
      chainId: 1,
      accounts: [{ address: ADDRESS, type: 'eoa' }],
      preferredAccountType: 'eoa',
      smartAccountDeployed: false,
    }
    expect(parseReply('getUser', social)).toEqual(social)
    expect(parseReply('getUser', { ...social, provider: 'myspace' })).toBeUndefined()
    const { accounts: _, ...withoutAccounts } = social
    expect(parseReply('getUser', withoutAccounts)).toBeUndefined()
    expect(
      parseReply('getUser', { ...social, accounts: [{ address: ADDRESS, type: 'safe' }] }),
    ).toBeUndefined()
    expect(parseReply('getUser', { ...social, preferredAccountType: 'safe' })).toBeUndefined()
    expect(parseReply('connectSocial', { provider: 'x', username: 'alice' })).toEqual({
      provider: 'x',
      username: 'alice',
    })
  })

  it('parses the account-type replies', () => {
    expect(parseReply('getSmartAccountEnabledNetworks', { smartAccountEnabledNetworks: [] })).toEqual({
      smartAccountEnabledNetworks: [],
    })
    expect(
      parseReply('getSmartAccountEnabledNetworks', { smartAccountEnabledNetworks: ['1'] }),
    ).toBeUndefined()
    expect(parseReply('getSmartAccountEnabledNetworks', {})).toBeUndefined()
    expect(parseReply('setPreferredAccount', { type: 'eoa', address: ADDRESS })).toEqual({
      type: 'eoa',
      address: ADDRESS,
    })
    expect(parseReply('setPreferredAccount', { type: 'eoa', address: '0x12' })).toBeUndefined()
    expect(parseReply('setPreferredAccount', { type: 'safe', address: ADDRESS })).toBeUndefined()
  })

  it("takes only an http(s) page as the provider's address: the host opens it in a window of its own origin", () => {
    const uri = 'http://127.0.0.1:8789/auth?client_id=google'
    expect(parseReply('getSocialRedirectUri', { uri })).toEqual({ uri })
    expect(parseReply('getSocialRedirectUri', { uri: 'javascript:alert(document.cookie)' })).toBeUndefined()
    expect(parseReply('getSocialRedirectUri', { uri: 'data:text/html,<script>1</script>' })).toBeUndefined()
  })

  it('takes a web or farcaster: link as the Farcaster sign-in link (the host shows and opens it), nothing else', () => {
    for (const url of ['https://farcaster.xyz/~/siwf?channelToken=abc', 'farcaster://siwf?channelToken=abc'])
      expect(parseReply('getFarcasterUri', { url })).toEqual({ url })
    for (const url of ['javascript:alert(1)', 'data:text/html,x', `https://x.example/${'a'.repeat(4096)}`])
      expect(parseReply('getFarcasterUri', { url })).toBeUndefined()
    expect(parseReply('connectFarcaster', {})).toEqual({})
    expect(parseReply('completeFarcaster', { username: 'alice' })).toEqual({ username: 'alice' })
    expect(parseReply('completeFarcaster', {})).toBeUndefined()
  })
})
