import { FRAME_ERROR_TEXTS } from '@allaccess/frame-protocol'
import { IDBFactory } from 'fake-indexeddb'
import { type Hex, hexToString, verifyMessage } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { createCloudApi } from './cloudApi'
import { createPermissionStore } from './permissions'
import { requestNetwork } from './requestNetwork'
import { ProviderError } from './rpc'
import { type ApprovalRequest, createRpcHandler } from './rpcHandler'
import { createSessionUpdates, SESSION_HANDLE_CONTEXT, sessionHandle } from './sessionHandle'
import { createAccountTypes } from './smartAccount/accountType'
import { smartAccountRoutes } from './smartAccount/config'
import { createUserOperations } from './smartAccount/userOperations'
import { followedVariables } from './theme'
import { createUserHandlers } from './userHandlers'
import { openVault } from './vault'

/** Frame protocol v2's fields as the frame acts on them (docs/embedded-wallet.md#messages). */
const CLOUD = 'http://127.0.0.1:8787'
const CURRENT = { chainId: 31337, rpcUrl: `${CLOUD}/v1/rpc?chainId=eip155:31337` }
const SEPOLIA = { chainId: 11155111, rpcUrl: `${CLOUD}/v1/rpc?chainId=eip155:11155111` }
const account = privateKeyToAccount(generatePrivateKey())
const SIWX = `pass.example wants you to sign in with your Ethereum account:\n${account.address}\n\nWelcome.`

describe("a request's own network", () => {
  it('is checked as switchNetwork is, and used for that request alone', () => {
    expect(requestNetwork(CURRENT, {}, CLOUD)).toBe(CURRENT)
    expect(requestNetwork(CURRENT, { chainId: 31337 }, CLOUD)).toBe(CURRENT)
    expect(requestNetwork(CURRENT, SEPOLIA, CLOUD)).toEqual(SEPOLIA)
    expect(() => requestNetwork(CURRENT, { chainId: 999, rpcUrl: SEPOLIA.rpcUrl }, CLOUD)).toThrow(
      'Unsupported chain',
    )
    expect(() =>
      requestNetwork(CURRENT, { chainId: 11155111, rpcUrl: 'https://rpc.evil.example/' }, CLOUD),
    ).toThrow("rpcUrl must be the cloud's gateway")
    expect(() => requestNetwork(CURRENT, { chainId: 11155111 }, CLOUD)).toThrow(
      'The wallet is not on chain 11155111',
    )
  })

  // EVM's network: a solana request is routed to the frame's Solana handler before it (main.tsx).
  it('is eip155 only: any other namespace answers its text', () => {
    expect(requestNetwork(CURRENT, { chainNamespace: 'eip155' }, CLOUD)).toBe(CURRENT)
    for (const chainNamespace of ['solana', 'bip122', 'EIP155'])
      expect(() => requestNetwork(CURRENT, { chainNamespace }, CLOUD)).toThrow(
        'Unsupported chain namespace: the embedded wallet serves eip155 and solana only',
      )
  })
})

function setUp({ approve = true } = {}) {
  const asked: ApprovalRequest[] = []
  const handleRpc = createRpcHandler({
    account: async () => account,
    signedIn: async () => true,
    network: () => CURRENT,
    approve: async (request) => {
      asked.push(request)
      return approve
    },
    refused: () => {},
    permissions: createPermissionStore({ vault: openVault(new IDBFactory()), now: () => 1 }),
    site: 'https://pass.example',
    fetch: async () => new Response('{}'),
  })
  let watched = 0
  const SOLANA_ADDRESS = 'AsHLaGX13Uep5FJj5kTmHLogoFXDhnRHpp1w1jAZnCaV'
  // No chain behind it: the address reads as not delegated.
  const operations = createUserOperations({
    routes: (chainId) => smartAccountRoutes(CLOUD, 'p', chainId),
    fetch: async () => new Response('{}'),
  })
  const who = { email: null, provider: 'github' as const, username: 'ada' }
  const handlers = createUserHandlers({
    wallet: {
      connectSocial: async () => who,
      user: async () => ({ ...who, address: account.address, solanaAddress: SOLANA_ADDRESS }),
    },
    network: () => CURRENT,
    cloudUrl: CLOUD,
    handleRpc,
    signedIn: () => watched++,
    accountTypes: createAccountTypes({ vault: openVault(new IDBFactory()), operations }),
  })
  const signal = new AbortController().signal
  return { asked, handlers, signal, watched: () => watched }
}

describe('getUser and connectSocial (v2)', () => {
  it("getUser answers on the request's network, with the account type after its fallback", async () => {
    const { handlers, signal, watched } = setUp()
    const user = await handlers.getUser({ chainId: SEPOLIA.chainId, rpcUrl: SEPOLIA.rpcUrl }, signal)
    expect(user).toMatchObject({ chainId: 11155111, address: account.address, preferredAccountType: 'eoa' })
    expect(user).not.toHaveProperty('signature')
    expect(watched()).toBe(1)
    // Sepolia has no smart account here: smartAccount falls back to eoa; the devnet has, the same address.
    const fallback = await handlers.getUser(
      { chainId: SEPOLIA.chainId, rpcUrl: SEPOLIA.rpcUrl, preferredAccountType: 'smartAccount' },
      signal,
    )
    expect(fallback).toMatchObject({ preferredAccountType: 'eoa', accounts: [{ type: 'eoa' }] })
    expect(fallback.accounts).toHaveLength(1)
    const smart = await handlers.getUser({ chainId: 31337, preferredAccountType: 'smartAccount' }, signal)
    expect(smart).toMatchObject({
      preferredAccountType: 'smartAccount',
      smartAccountDeployed: false,
      accounts: [
        { address: account.address, type: 'eoa' },
        { address: account.address, type: 'smartAccount' },
      ],
    })
  })

  it('a siwxMessage is put to the user whole in the approval, and signed only once approved', async () => {
    const { asked, handlers, signal } = setUp()
    const user = await handlers.getUser(
      { chainId: SEPOLIA.chainId, rpcUrl: SEPOLIA.rpcUrl, siwxMessage: SIWX },
      signal,
    )
    expect(asked).toHaveLength(1)
    expect(asked[0]).toMatchObject({ method: 'personal_sign', chainId: 11155111 })
    const shown = (asked[0] as { params: [Hex, string] }).params
    expect(hexToString(shown[0])).toBe(SIWX)
    expect(shown[1]).toBe(account.address)
    expect(user.siwxMessage).toBe(SIWX)
    expect(user.message).toBe(shown[0])
    expect(
      await verifyMessage({
        address: account.address,
        message: { raw: user.message as Hex },
        signature: user.signature as Hex,
      }),
    ).toBe(true)
  })

  it('a refused sign-in is the usual user-rejected error, and nothing is signed', async () => {
    const { asked, handlers, signal } = setUp({ approve: false })
    const refusal = handlers.connectSocial({ siwxMessage: SIWX }, signal)
    await expect(refusal).rejects.toBeInstanceOf(ProviderError)
    await expect(refusal).rejects.toMatchObject({ code: 4001, message: FRAME_ERROR_TEXTS.rejected })
    expect(asked).toHaveLength(1)
  })

  it('connectSocial signs in with the approval, and says which account type it applied (the devnet has smart accounts)', async () => {
    const { handlers, signal } = setUp()
    expect(await handlers.connectSocial({}, signal)).toEqual({ provider: 'github', username: 'ada' })
    const signedIn = await handlers.connectSocial(
      { preferredAccountType: 'smartAccount', siwxMessage: SIWX },
      signal,
    )
    expect(signedIn).toMatchObject({
      provider: 'github',
      preferredAccountType: 'smartAccount',
      siwxMessage: SIWX,
    })
    expect(signedIn.signature).toMatch(/^0x[0-9a-f]{130}$/)
  })

  it('a social completion URL from the host is refused by name, before any wait', async () => {
    const { asked, handlers, signal } = setUp()
    const uri = 'http://127.0.0.1:8787/v1/social/callback?code=c&state=s'
    await expect(handlers.connectSocial({ uri }, signal)).rejects.toThrow(
      'The social sign-in completes inside the wallet: a host cannot pass its URL',
    )
    await expect(handlers.getUser({ chainId: 31337, socialUri: uri }, signal)).rejects.toThrow(
      FRAME_ERROR_TEXTS.socialUriRefused,
    )
    await expect(
      handlers.connectSocial({ chainId: 1, rpcUrl: 'https://rpc.evil.example/', siwxMessage: SIWX }, signal),
    ).rejects.toThrow("rpcUrl must be the cloud's gateway")
    expect(asked).toHaveLength(0)
  })
})

describe('the session handle (isConnected token, sessionUpdate)', () => {
  it('is a domain-separated SHA-256 of the token, never the token', async () => {
    expect(SESSION_HANDLE_CONTEXT).toBe('allaccess-session-handle\n')
    const handle = await sessionHandle('secret-token')
    expect(handle).toMatch(/^[0-9a-f]{32}$/)
    expect(handle).not.toContain('secret-token')
    const plain = new Uint8Array(
      await crypto.subtle.digest('SHA-256', new TextEncoder().encode('secret-token')),
    )
    expect(Buffer.from(plain).toString('hex')).not.toContain(handle)
    expect(await sessionHandle('secret-token')).toBe(handle)
    expect(await sessionHandle('other-token')).not.toBe(handle)
  })

  it('is posted when the session changes, and only then', async () => {
    let token: string | undefined
    const posted: (string | null)[] = []
    const sessions = createSessionUpdates({ token: async () => token, post: (handle) => posted.push(handle) })
    await sessions.check()
    expect(posted).toEqual([])
    token = 'first'
    await sessions.check()
    await sessions.check()
    token = undefined
    await sessions.check()
    expect(posted).toEqual([await sessionHandle('first'), null])
    expect(await sessions.current()).toBeNull()
  })
})

describe("AppKit's theme names (w3mThemeVariables)", () => {
  it('maps the names it knows onto the modal’s, drops the rest; the modal’s own win', () => {
    expect(
      followedVariables({
        themeVariables: { '--aap-font-family': 'serif' },
        w3mThemeVariables: {
          '--w3m-accent': '#e8590c',
          '--w3m-font-family': 'monospace',
          '--w3m-border-radius-master': '2px',
          '--w3m-z-index': 9,
          constructor: 'x',
          __proto__: 'x',
        },
      }),
    ).toEqual({ '--aap-accent': '#e8590c', '--aap-border-radius': '2px', '--aap-font-family': 'serif' })
    expect(followedVariables({ themeVariables: { '--aap-accent': '#fff' } })).toEqual({
      '--aap-accent': '#fff',
    })
  })
})

describe("the embedding SDK (syncDappData's sdkType and sdkVersion)", () => {
  it("goes with the frame's cloud calls as the cloud reads it; a value no header can carry is left out", async () => {
    const sent: Headers[] = []
    let sdk: { sdkType?: string; sdkVersion?: string } = { sdkType: 'aap', sdkVersion: 'html-0.1.0' }
    const cloud = createCloudApi({
      cloudUrl: CLOUD,
      projectId: 'p',
      sdk: () => sdk,
      fetch: async (_url, init) => {
        sent.push(new Headers(init?.headers))
        return Response.json({ allowedOrigins: [] })
      },
    })
    await cloud.allowedOrigins()
    sdk = { sdkVersion: 'has a space\n' }
    await cloud.allowedOrigins()
    expect(sent.map((headers) => [headers.get('x-sdk-type'), headers.get('x-sdk-version')])).toEqual([
      ['aap', 'html-0.1.0'],
      [null, null],
    ])
  })
})
