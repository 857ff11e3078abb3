import { describe, expect, it } from 'vitest'
import { FRAME_ERROR_TEXTS } from './constants'
import {
  FRAME_CHAIN_NAMESPACE,
  FRAME_SOLANA_NAMESPACE,
  SIWX_MESSAGE_MAX_LENGTH,
  THEME_VARIABLES_MAX,
} from './fields'
import {
  FRAME_CHANNEL,
  FRAME_PROTOCOL_VERSION,
  frameMessages,
  parseFrameMessage,
  parseHostMessage,
  parseReply,
} from './messages'

/** Frame protocol v2: the spec's §7 fields (issue 31 "The spec's values, pinned for real", issue 32). */
const request = (type: string, payload: unknown) => ({
  channel: FRAME_CHANNEL,
  version: FRAME_PROTOCOL_VERSION,
  id: 'r1',
  type,
  payload,
})
const nest = JSON.parse(`${'['.repeat(5000)}${']'.repeat(5000)}`)
const RPC = 'http://127.0.0.1:8787/v1/rpc/31337'
const SIWX =
  'example.com wants you to sign in with your Ethereum account:\n0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const HANDLE = 'ab'.repeat(16)
const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

describe('frame protocol v2', () => {
  it('pins its version, namespace, bounds and texts', () => {
    expect(FRAME_PROTOCOL_VERSION).toBe(2)
    expect(FRAME_CHAIN_NAMESPACE).toBe('eip155')
    expect(FRAME_SOLANA_NAMESPACE).toBe('solana')
    expect(SIWX_MESSAGE_MAX_LENGTH).toBe(4096)
    expect(THEME_VARIABLES_MAX).toBe(64)
    expect(FRAME_ERROR_TEXTS.unsupportedNamespace).toBe(
      'Unsupported chain namespace: the embedded wallet serves eip155 and solana only',
    )
    expect(FRAME_ERROR_TEXTS.socialUriRefused).toBe(
      'The social sign-in completes inside the wallet: a host cannot pass its URL',
    )
  })

  it.each([
    ['connectSocial', {}],
    [
      'connectSocial',
      {
        uri: 'http://127.0.0.1:8787/social/callback?code=x',
        preferredAccountType: 'smartAccount',
        chainId: 31337,
        rpcUrl: RPC,
        siwxMessage: SIWX,
      },
    ],
    ['getUser', { chainId: 31337 }],
    [
      'getUser',
      {
        chainId: 31337,
        rpcUrl: RPC,
        preferredAccountType: 'eoa',
        socialUri: 'http://x.example/',
        siwxMessage: SIWX,
      },
    ],
    ['rpcRequest', { method: 'eth_chainId', chainId: 31337, chainNamespace: 'eip155', rpcUrl: RPC }],
    // Parsed so the frame can answer it by name (FRAME_ERROR_TEXTS.unsupportedNamespace), not dropped unanswered.
    ['rpcRequest', { method: 'eth_chainId', chainId: 1, chainNamespace: 'solana' }],
    // A Solana network by its CAIP-2 reference, or its whole id.
    [
      'rpcRequest',
      { method: 'solana_signMessage', chainId: 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1', chainNamespace: 'solana' },
    ],
    [
      'rpcRequest',
      {
        method: 'solana_signMessage',
        chainId: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
        chainNamespace: 'solana',
      },
    ],
    ['isConnected', {}],
    ['isConnected', { token: HANDLE }],
    [
      'syncDappData',
      { projectId: 'p', sdkVersion: '1.0.0', sdkType: 'aap', metadata: { name: 'S', url: 'u' } },
    ],
    [
      'syncTheme',
      { themeMode: 'dark', themeVariables: {}, w3mThemeVariables: { '--w3m-accent': '#e8590c' } },
    ],
  ])('parses %s with %j', (type, payload) => {
    expect(parseHostMessage(request(type, payload))).toMatchObject({ type, payload })
  })

  it.each([
    ['a chain id without its RPC', 'connectSocial', { chainId: 31337 }],
    ['an RPC without its chain id', 'connectSocial', { rpcUrl: RPC }],
    ['a javascript: RPC', 'getUser', { chainId: 1, rpcUrl: 'javascript:alert(1)' }],
    [
      'an oversize RPC',
      'rpcRequest',
      { method: 'eth_chainId', chainId: 1, rpcUrl: `${RPC}?${'a'.repeat(2048)}` },
    ],
    ['an account type outside the two', 'connectSocial', { preferredAccountType: 'safe' }],
    ['an account type that is a number', 'getUser', { chainId: 1, preferredAccountType: 1 }],
    ['an empty sign-in message', 'getUser', { chainId: 1, siwxMessage: '' }],
    ['an oversize sign-in message', 'connectSocial', { siwxMessage: 'a'.repeat(4097) }],
    ['a sign-in message that is an object', 'getUser', { chainId: 1, siwxMessage: { statement: 'x' } }],
    ['a deep nest as the sign-in message', 'getUser', { chainId: 1, siwxMessage: nest }],
    ['an oversize social URI', 'connectSocial', { uri: 'a'.repeat(4097) }],
    ['a social URI that is a number', 'getUser', { chainId: 1, socialUri: 1 }],
    ['an empty namespace', 'rpcRequest', { method: 'eth_chainId', chainId: 1, chainNamespace: '' }],
    [
      'an oversize namespace',
      'rpcRequest',
      { method: 'eth_chainId', chainId: 1, chainNamespace: 'e'.repeat(33) },
    ],
    [
      'a namespace that is a list',
      'rpcRequest',
      { method: 'eth_chainId', chainId: 1, chainNamespace: ['eip155'] },
    ],
    [
      'a Solana reference that is not base58',
      'rpcRequest',
      { method: 'x', chainId: '0'.repeat(32), chainNamespace: 'solana' },
    ],
    ['a chain id that is any string', 'rpcRequest', { method: 'x', chainId: 'mainnet' }],
    ['a bearer-token-like string as the handle', 'isConnected', { token: 'eyJhbGciOi.x.y' }],
    ['an oversize handle', 'isConnected', { token: 'a'.repeat(33) }],
    ['a key-shaped handle (64 hex digits)', 'isConnected', { token: 'a'.repeat(64) }],
    ['a deep nest as the handle', 'isConnected', { token: nest }],
    [
      'an oversize SDK type',
      'syncDappData',
      { projectId: 'p', sdkVersion: '1', sdkType: 'a'.repeat(65), metadata: { name: 'S', url: 'u' } },
    ],
    [
      'an SDK type with a space',
      'syncDappData',
      { projectId: 'p', sdkVersion: '1', sdkType: 'a b', metadata: { name: 'S', url: 'u' } },
    ],
    [
      'an SDK type that is a number',
      'syncDappData',
      { projectId: 'p', sdkVersion: '1', sdkType: 7, metadata: { name: 'S', url: 'u' } },
    ],
    [
      'a nested AppKit variable',
      'syncTheme',
      { themeMode: 'dark', themeVariables: {}, w3mThemeVariables: { '--w3m-accent': { a: 1 } } },
    ],
    [
      'a deep nest as an AppKit variable',
      'syncTheme',
      { themeMode: 'dark', themeVariables: {}, w3mThemeVariables: { '--w3m-accent': nest } },
    ],
    [
      'an oversize AppKit value',
      'syncTheme',
      { themeMode: 'dark', themeVariables: {}, w3mThemeVariables: { '--w3m-accent': 'a'.repeat(201) } },
    ],
    [
      'more AppKit variables than the bound',
      'syncTheme',
      {
        themeMode: 'dark',
        themeVariables: {},
        w3mThemeVariables: Object.fromEntries(
          Array.from({ length: 65 }, (_, index) => [`--w3m-${index}`, 'x']),
        ),
      },
    ],
  ])('drops %s', (_name, type, payload) => {
    expect(parseHostMessage(request(type, payload))).toBeUndefined()
  })

  it("the user reply carries the sign-in's message, signature and text", () => {
    const user = {
      email: 'ada@example.com',
      provider: null,
      username: null,
      address: ADDRESS,
      chainId: 31337,
      accounts: [{ address: ADDRESS, type: 'eoa' }],
      preferredAccountType: 'eoa',
      smartAccountDeployed: false,
    }
    const signIn = { siwxMessage: SIWX, message: '0x6578', signature: `0x${'1b'.repeat(65)}` }
    expect(parseReply('getUser', { ...user, ...signIn })).toEqual({ ...user, ...signIn })
    expect(parseReply('connectSocial', { provider: 'x', username: 'a', ...signIn })).toMatchObject(signIn)
    expect(parseReply('getUser', { ...user, signature: 'not hex' })).toBeUndefined()
    expect(parseReply('getUser', { ...user, signature: `0x${'1'.repeat(200)}` })).toBeUndefined()
    expect(parseReply('getUser', { ...user, siwxMessage: nest })).toBeUndefined()
  })

  it('the session update gives a handle, or null, never anything else', () => {
    expect(parseFrameMessage(frameMessages.sessionUpdate(HANDLE))).toMatchObject({
      type: 'sessionUpdate',
      token: HANDLE,
    })
    expect(parseFrameMessage(frameMessages.sessionUpdate(null))).toMatchObject({ token: null })
    expect(parseFrameMessage({ ...frameMessages.sessionUpdate(null), token: 'eyJ.x.y' })).toBeUndefined()
    expect(parseFrameMessage({ ...frameMessages.sessionUpdate(null), token: undefined })).toBeUndefined()
  })
})
