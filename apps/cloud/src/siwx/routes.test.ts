// Over 350 lines on purpose: one cloud over one anvil (the devnet contracts deployed) serves every case of
// sign-in; a split file would start and deploy its own.
import {
  type AnvilInstance,
  anvilChain,
  compileStandalone,
  type Deployment,
  deployAll,
  fundAccount,
  startAnvil,
} from '@allaccess/chain'
import { allAccessPassAbi } from '@allaccess/chain/deployments'
import {
  ERROR_CODES,
  holdersAreaSchema,
  REFUSAL_TEXTS,
  SIWX_CACAO_MAX_LENGTH,
  SIWX_STATEMENT,
  SIWX_TEXTS,
  type SiwxMessage,
  siwxMessageSchema,
  siwxSessionCreatedSchema,
  siwxSessionListSchema,
} from '@allaccess/protocol'
import {
  type Abi,
  type Address,
  createPublicClient,
  createWalletClient,
  encodeFunctionData,
  getContractAddress,
  type Hex,
  http,
  keccak256,
  parseEther,
  serializeErc6492Signature,
  toHex,
} from 'viem'
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts'
import { createSiweMessage } from 'viem/siwe'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { LOCAL_QUERY, startTestCloud, type TestCloud } from '../test-support/cloud.js'
import { ISSUED_AT_SKEW_MS, NONCE_TTL_MS, NONCES_PER_CLIENT, SESSION_MAX_TTL_MS } from './limits.js'
import { HOLDERS_AREA_CONTENT } from './service.js'

let anvil: AnvilInstance
let cloud: TestCloud
let deployment: Deployment

beforeAll(async () => {
  anvil = await startAnvil({ port: 0 })
  deployment = await deployAll({ rpcUrl: anvil.rpcUrl, writeModule: false })
  cloud = await startTestCloud({ RPC_UPSTREAM_31337: anvil.rpcUrl, CLOUD_RATE_LIMIT_MAX: '100000' })
})
afterAll(async () => {
  await cloud?.close()
  await anvil?.stop()
})
afterEach(() => {
  cloud.services.siwx.now = Date.now
})

/** The site's origin: loopback, which every project admits. */
const SITE = 'http://localhost:5173'
/** Another origin the local project admits. */
const OTHER_SITE = 'http://127.0.0.1:5173'
const CHAIN = 'eip155:31337'

const freshAccount = () => privateKeyToAccount(generatePrivateKey())
const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

/** `origin` null: no browser (no Origin header). */
const askMessage = (body: unknown, origin: string | null = SITE) =>
  cloud.post(`/auth/v1/siwx/message?${LOCAL_QUERY}`, body, { headers: origin ? { origin } : {} })

async function issued(chainId = CHAIN, accountAddress = ''): Promise<SiwxMessage> {
  const response = await askMessage({ chainId, accountAddress })
  expect(response.status).toBe(200)
  return siwxMessageSchema.parse(await response.json())
}

/** The EIP-4361 text of issued fields for `address`, as the modal writes it (viem's createSiweMessage). */
const textOf = (
  fields: SiwxMessage,
  address: Address,
  changes: Partial<{ chainId: number; issuedAt: Date }> = {},
) =>
  createSiweMessage({
    address,
    chainId: Number(fields.chainId.split(':')[1]),
    domain: fields.domain,
    uri: fields.uri,
    version: '1',
    nonce: fields.nonce,
    statement: fields.statement,
    resources: fields.resources,
    requestId: fields.requestId,
    issuedAt: new Date(fields.issuedAt),
    expirationTime: new Date(fields.expirationTime),
    notBefore: new Date(fields.notBefore),
    ...changes,
  })

const postSession = (body: unknown, origin: string = SITE) =>
  cloud.post(`/auth/v1/siwx/sessions?${LOCAL_QUERY}`, body, { headers: { origin } })

async function signed(account: PrivateKeyAccount, fields?: SiwxMessage) {
  const message = textOf(fields ?? (await issued()), account.address)
  return { message, signature: await account.signMessage({ message }) }
}

/** Signs in `account` and answers the parsed 201. */
async function signIn(account: PrivateKeyAccount) {
  const response = await postSession(await signed(account))
  expect(response.status).toBe(201)
  return siwxSessionCreatedSchema.parse(await response.json())
}

/** The refusal's status, code and text. */
async function refusal(response: Response) {
  const body = (await response.json()) as { code: string; message: string }
  return { status: response.status, code: body.code, message: body.message }
}

const sessionsOf = (token: string) =>
  cloud.get(`/auth/v1/siwx/sessions?${LOCAL_QUERY}`, { headers: bearer(token) })
const holdersArea = (token: string) =>
  cloud.get(`/holders/v1/area?${LOCAL_QUERY}`, { headers: bearer(token) })
const signOut = (token: string, id: string) =>
  fetch(`${cloud.url}/auth/v1/siwx/sessions/${id}?${LOCAL_QUERY}`, {
    method: 'DELETE',
    headers: bearer(token),
  })

const NOT_LIVE = { status: 401, code: ERROR_CODES.unauthorized, message: SIWX_TEXTS.sessionNotLive }
const REPLAYED = { status: 400, code: ERROR_CODES.siwxInvalidNonce, message: SIWX_TEXTS.invalidNonce }

describe('sign in with the wallet', () => {
  it('issues a message bound to the origin, and a signed one becomes a session with a bearer token', async () => {
    const before = Date.now()
    const fields = await issued()
    expect(fields).toMatchObject({
      chainId: CHAIN,
      domain: 'localhost:5173',
      uri: SITE,
      version: '1',
      statement: SIWX_STATEMENT,
      resources: [],
    })
    expect(fields.nonce).toMatch(/^[0-9a-f]{32}$/)
    const issuedAt = Date.parse(fields.issuedAt)
    expect(issuedAt).toBeGreaterThanOrEqual(before - 1000)
    expect(fields.notBefore).toBe(fields.issuedAt)
    expect(Date.parse(fields.expirationTime) - issuedAt).toBe(SESSION_MAX_TTL_MS)
    expect((await issued()).nonce).not.toBe(fields.nonce)

    const account = freshAccount()
    const body = { ...(await signed(account, fields)), cacao: { h: { t: 'caip122' } } }
    const response = await postSession(body)
    expect(response.status).toBe(201)
    const created = siwxSessionCreatedSchema.parse(await response.json())
    expect(created.token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(created.expiresAt).toBe(fields.expirationTime)
    expect(created.session).toEqual({
      data: { ...fields, accountAddress: account.address },
      message: body.message,
      signature: body.signature,
      cacao: body.cacao,
    })

    const list = await sessionsOf(created.token)
    expect(list.status).toBe(200)
    const { sessions } = siwxSessionListSchema.parse(await list.json())
    expect(sessions).toEqual([
      {
        id: created.id,
        ...created.session,
        createdAt: expect.any(String),
        expiresAt: created.expiresAt,
        current: true,
      },
    ])
  })

  it('takes the Issued At a wallet writes as it signs (one-click over WalletConnect), and keeps its CACAO', async () => {
    const account = freshAccount()
    const fields = await issued()
    const message = textOf(fields, account.address, {
      issuedAt: new Date(Date.parse(fields.issuedAt) + 5_000),
    })
    const cacao = {
      h: { t: 'caip122' },
      p: { iss: `did:pkh:eip155:31337:${account.address}` },
      s: { t: 'eip191' },
    }
    const response = await postSession({ message, signature: await account.signMessage({ message }), cacao })
    expect(response.status).toBe(201)
    expect(siwxSessionCreatedSchema.parse(await response.json()).session.cacao).toEqual(cacao)
  })

  it('refuses a replayed signature, and uses a nonce up even when its first try fails', async () => {
    const account = freshAccount()
    const body = await signed(account)
    expect((await postSession(body)).status).toBe(201)
    expect(await refusal(await postSession(body))).toEqual(REPLAYED)

    // A wrong signature first: the right one after it finds the nonce gone.
    const fields = await issued()
    const right = await signed(account, fields)
    const wrong = await freshAccount().signMessage({ message: right.message })
    expect(await refusal(await postSession({ ...right, signature: wrong }))).toEqual({
      status: 401,
      code: ERROR_CODES.siwxInvalidSignature,
      message: SIWX_TEXTS.invalidSignature,
    })
    expect(await refusal(await postSession(right))).toEqual(REPLAYED)
  })

  it('refuses a message made for another domain or coming back from another origin', async () => {
    const account = freshAccount()
    const domainMismatch = {
      status: 403,
      code: ERROR_CODES.siwxDomainMismatch,
      message: SIWX_TEXTS.domainMismatch,
    }
    const fields = await issued()
    for (const other of [
      { ...fields, domain: 'evil.example' },
      { ...fields, uri: 'https://evil.example' },
    ]) {
      const fresh = { ...other, nonce: (await issued()).nonce }
      expect(await refusal(await postSession(await signed(account, fresh)))).toEqual(domainMismatch)
    }
    // Issued to one allowed origin, sent back from another allowed one.
    expect(await refusal(await postSession(await signed(account, fields), OTHER_SITE))).toEqual(
      domainMismatch,
    )
    // From an origin the project does not admit, or from no browser at all.
    const notAllowed = {
      status: 403,
      code: ERROR_CODES.originNotAllowed,
      message: REFUSAL_TEXTS.originNotAllowed,
    }
    expect(await refusal(await postSession(await signed(account), 'https://evil.example'))).toEqual(
      notAllowed,
    )
    expect(
      await refusal(await askMessage({ chainId: CHAIN, accountAddress: '' }, 'https://evil.example')),
    ).toEqual(notAllowed)
    expect(await refusal(await askMessage({ chainId: CHAIN, accountAddress: '' }, null))).toEqual(notAllowed)
  })

  it('refuses a message altered after signing, another account’s signature and text that is no message', async () => {
    const account = freshAccount()
    const mismatch = {
      status: 400,
      code: ERROR_CODES.siwxMessageMismatch,
      message: SIWX_TEXTS.messageMismatch,
    }
    const invalidSignature = {
      status: 401,
      code: ERROR_CODES.siwxInvalidSignature,
      message: SIWX_TEXTS.invalidSignature,
    }
    const statement = await signed(account)
    const altered = statement.message.replace(SIWX_STATEMENT, 'Send all your tokens.')
    expect(altered).not.toBe(statement.message)
    expect(await refusal(await postSession({ ...statement, message: altered }))).toEqual(mismatch)

    // Issued At is when the wallet signed: never before its nonce was issued (beyond the clocks' skew).
    const early = await issued()
    const backdated = textOf(early, account.address, {
      issuedAt: new Date(Date.parse(early.issuedAt) - 2 * ISSUED_AT_SKEW_MS),
    })
    expect(
      await refusal(
        await postSession({
          message: backdated,
          signature: await account.signMessage({ message: backdated }),
        }),
      ),
    ).toEqual(mismatch)

    // Same fields, another account written in: the signature is not that account's.
    const other = freshAccount()
    const swapped = await signed(account)
    expect(
      await refusal(
        await postSession({ ...swapped, message: swapped.message.replace(account.address, other.address) }),
      ),
    ).toEqual(invalidSignature)

    expect(await refusal(await postSession({ message: 'hello', signature: '0x1234' }))).toEqual({
      status: 400,
      code: ERROR_CODES.siwxInvalidMessage,
      message: SIWX_TEXTS.invalidMessage,
    })
    // A message for a named account must be signed by it.
    const named = await issued(CHAIN, other.address)
    expect(await refusal(await postSession(await signed(account, named)))).toEqual(mismatch)
    expect((await postSession(await signed(other, await issued(CHAIN, other.address)))).status).toBe(201)
  })

  it('refuses an expired nonce and a message not valid yet', async () => {
    const account = freshAccount()
    const expired = { status: 400, code: ERROR_CODES.siwxExpired, message: SIWX_TEXTS.expired }
    const late = await signed(account)
    cloud.services.siwx.now = () => Date.now() + NONCE_TTL_MS + 1000
    expect(await refusal(await postSession(late))).toEqual(expired)
    cloud.services.siwx.now = Date.now

    const early = await signed(account)
    cloud.services.siwx.now = () => Date.now() - 60_000
    expect(await refusal(await postSession(early))).toEqual(expired)
    cloud.services.siwx.now = Date.now
    expect((await postSession(await signed(account))).status).toBe(201)
  })

  it('serves only the chains it has an upstream for, and refuses a message moved to another chain', async () => {
    const notServed = {
      status: 400,
      code: ERROR_CODES.siwxChainNotServed,
      message: SIWX_TEXTS.chainNotServed,
    }
    for (const chainId of ['eip155:1', 'eip155:8453', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'])
      expect(await refusal(await askMessage({ chainId, accountAddress: '' })), chainId).toEqual(notServed)
    for (const chainId of ['31337', 'eip155', ''])
      expect((await askMessage({ chainId, accountAddress: '' })).status, chainId).toBe(400)

    const account = freshAccount()
    const message = textOf(await issued(), account.address, { chainId: 1 })
    const signature = await account.signMessage({ message })
    expect(await refusal(await postSession({ message, signature }))).toEqual({
      status: 400,
      code: ERROR_CODES.siwxMessageMismatch,
      message: SIWX_TEXTS.messageMismatch,
    })
  })

  it('lists the account’s live sessions; sign-out ends one, and its token is 401 everywhere after', async () => {
    const account = freshAccount()
    const first = await signIn(account)
    const second = await signIn(account)
    const stranger = await signIn(freshAccount())

    const { sessions } = siwxSessionListSchema.parse(await (await sessionsOf(first.token)).json())
    expect(sessions.map(({ id, current }) => ({ id, current }))).toEqual([
      { id: second.id, current: false },
      { id: first.id, current: true },
    ])
    expect(sessions.every((s) => s.data.accountAddress === account.address)).toBe(true)

    // Another account's session is not this token's to end.
    expect(await refusal(await signOut(first.token, stranger.id))).toEqual({
      status: 404,
      code: ERROR_CODES.notFound,
      message: SIWX_TEXTS.sessionNotFound,
    })
    expect((await sessionsOf(stranger.token)).status).toBe(200)

    const out = await signOut(first.token, first.id)
    expect(out.status).toBe(204)
    expect(await out.text()).toBe('')
    expect(await refusal(await sessionsOf(first.token))).toEqual(NOT_LIVE)
    expect(await refusal(await holdersArea(first.token))).toEqual(NOT_LIVE)
    expect(await refusal(await signOut(first.token, second.id))).toEqual(NOT_LIVE)
    const left = siwxSessionListSchema.parse(await (await sessionsOf(second.token)).json())
    expect(left.sessions.map(({ id, current }) => ({ id, current }))).toEqual([
      { id: second.id, current: true },
    ])

    // Past its end a session is 401 too; no token or a made-up one is 401.
    cloud.services.siwx.now = () => Date.parse(second.expiresAt)
    expect(await refusal(await sessionsOf(second.token))).toEqual(NOT_LIVE)
    cloud.services.siwx.now = Date.now
    expect((await sessionsOf(second.token)).status).toBe(200)
    expect(await refusal(await sessionsOf('a'.repeat(43)))).toEqual(NOT_LIVE)
    expect(await refusal(await cloud.get(`/auth/v1/siwx/sessions?${LOCAL_QUERY}`))).toEqual(NOT_LIVE)
  })

  it('opens the holders’ area only to an account holding a pass, counted on chain', async () => {
    const account = freshAccount()
    const { token } = await signIn(account)
    // No pass: an answer without the content (not a refusal, which a visitor's console would show as a failure).
    const none = await holdersArea(token)
    expect(none.status).toBe(200)
    expect(await none.json()).toEqual({ address: account.address, passes: 0, content: null })

    await fundAccount(anvil.rpcUrl, account.address, parseEther('1'))
    const chain = anvilChain(anvil.rpcUrl)
    const wallet = createWalletClient({ account, chain, transport: http(anvil.rpcUrl) })
    const hash = await wallet.writeContract({
      address: deployment.addresses.allAccessPass,
      abi: allAccessPassAbi,
      functionName: 'mint',
      value: deployment.passConfig.priceWei,
    })
    const client = createPublicClient({ chain, transport: http(anvil.rpcUrl) })
    expect((await client.waitForTransactionReceipt({ hash })).status).toBe('success')

    const response = await holdersArea(token)
    expect(response.status).toBe(200)
    expect(holdersAreaSchema.parse(await response.json())).toEqual({
      address: account.address,
      passes: 1,
      content: HOLDERS_AREA_CONTENT,
    })
    expect(await refusal(await cloud.get(`/holders/v1/area?${LOCAL_QUERY}`))).toEqual(NOT_LIVE)
  })

  it('signs in smart accounts: ERC-6492 before deployment, ERC-1271 after, checked on chain', async () => {
    const factory = (await compileStandalone(SMART_ACCOUNT_SOURCE)).OwnedAccountFactory as {
      abi: Abi
      bytecode: Hex
    }
    const deployer = freshAccount()
    await fundAccount(anvil.rpcUrl, deployer.address, parseEther('1'))
    const chain = anvilChain(anvil.rpcUrl)
    const wallet = createWalletClient({ account: deployer, chain, transport: http(anvil.rpcUrl) })
    const client = createPublicClient({ chain, transport: http(anvil.rpcUrl) })
    const deployHash = await wallet.deployContract({ abi: factory.abi, bytecode: factory.bytecode })
    const factoryAddress = (await client.waitForTransactionReceipt({ hash: deployHash }))
      .contractAddress as Address

    const owner = freshAccount()
    const salt = keccak256(toHex('siwx-test'))
    const smartAccount = (await client.readContract({
      address: factoryAddress,
      abi: factory.abi,
      functionName: 'addressOf',
      args: [owner.address, salt],
    })) as Address
    expect(smartAccount).toBe(
      getContractAddress({
        opcode: 'CREATE2',
        from: factoryAddress,
        salt,
        bytecodeHash: await initCodeHash(),
      }),
    )
    expect(await client.getCode({ address: smartAccount })).toBeUndefined()
    const factoryData = encodeFunctionData({
      abi: factory.abi,
      functionName: 'deploy',
      args: [owner.address, salt],
    })
    const signAs = async (signer: PrivateKeyAccount, wrap: boolean) => {
      const message = textOf(await issued(), smartAccount)
      const signature = await signer.signMessage({ message })
      return {
        message,
        signature: wrap
          ? serializeErc6492Signature({ address: factoryAddress, data: factoryData, signature })
          : signature,
      }
    }

    // Counterfactual: not deployed, the signature carries the factory call (ERC-6492).
    expect(await refusal(await postSession(await signAs(freshAccount(), true)))).toMatchObject({
      status: 401,
      code: ERROR_CODES.siwxInvalidSignature,
    })
    const counterfactual = await postSession(await signAs(owner, true))
    expect(counterfactual.status).toBe(201)
    const created = siwxSessionCreatedSchema.parse(await counterfactual.json())
    expect(created.session.data.accountAddress).toBe(smartAccount)
    expect(await client.getCode({ address: smartAccount })).toBeUndefined()

    // Deployed: the account answers isValidSignature itself (ERC-1271).
    await client.waitForTransactionReceipt({
      hash: await wallet.sendTransaction({ to: factoryAddress, data: factoryData }),
    })
    expect(await client.getCode({ address: smartAccount })).toBeDefined()
    expect((await postSession(await signAs(owner, false))).status).toBe(201)
    expect(await refusal(await postSession(await signAs(freshAccount(), false)))).toMatchObject({
      status: 401,
      code: ERROR_CODES.siwxInvalidSignature,
    })

    async function initCodeHash(): Promise<Hex> {
      const code = (await client.readContract({
        address: factoryAddress,
        abi: factory.abi,
        functionName: 'initCode',
        args: [owner.address],
      })) as Hex
      return keccak256(code)
    }
  })

  it('bounds what it keeps: a client’s oldest nonce goes past the cap; oversized bodies are refused', async () => {
    const account = freshAccount()
    const oldest = await issued()
    for (let i = 0; i < NONCES_PER_CLIENT; i++) await issued()
    expect(await refusal(await postSession(await signed(account, oldest)))).toEqual(REPLAYED)
    expect((await postSession(await signed(account))).status).toBe(201)

    const body = await signed(account)
    const tooBig = { ...body, cacao: { s: 'x'.repeat(SIWX_CACAO_MAX_LENGTH) } }
    expect((await postSession(tooBig)).status).toBe(400)
    expect((await postSession({ ...body, message: `${body.message}${' '.repeat(5000)}` })).status).toBe(400)
    expect((await postSession({ ...body, signature: `0x${'ab'.repeat(40_000)}` })).status).toBe(413)
    // None of those reached the nonce.
    expect((await postSession(body)).status).toBe(201)
  })

  it('lets allowed pages sign out across origins (CORS: DELETE with Authorization) and documents every route', async () => {
    const preflight = await fetch(`${cloud.url}/auth/v1/siwx/sessions/x?${LOCAL_QUERY}`, {
      method: 'OPTIONS',
      headers: {
        origin: SITE,
        'access-control-request-method': 'DELETE',
        'access-control-request-headers': 'authorization',
      },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe(SITE)
    expect(preflight.headers.get('access-control-allow-methods')).toContain('DELETE')
    expect(preflight.headers.get('access-control-allow-headers')).toContain('authorization')

    const spec = (await (await cloud.get('/docs/json')).json()) as { paths: Record<string, object> }
    expect(Object.keys(spec.paths['/auth/v1/siwx/message'] ?? {})).toEqual(['post'])
    expect(Object.keys(spec.paths['/auth/v1/siwx/sessions'] ?? {}).sort()).toEqual(['get', 'post'])
    expect(Object.keys(spec.paths['/auth/v1/siwx/sessions/{id}'] ?? {})).toEqual(['delete'])
    expect(Object.keys(spec.paths['/holders/v1/area'] ?? {})).toEqual(['get'])
  })
})

describe('sign-in with the chain’s node down', () => {
  let down: TestCloud
  beforeAll(async () => {
    // Nothing listens on port 1: every call to the chain fails at once.
    down = await startTestCloud({ RPC_UPSTREAM_31337: 'http://127.0.0.1:1', RPC_TIMEOUT_MS: '2000' })
  })
  afterAll(() => down?.close())

  const post = (path: string, body: unknown) =>
    down.post(`${path}?${LOCAL_QUERY}`, body, { headers: { origin: SITE } })
  async function message(address: Address) {
    const response = await post('/auth/v1/siwx/message', { chainId: CHAIN, accountAddress: '' })
    return textOf(siwxMessageSchema.parse(await response.json()), address)
  }

  it('signs an EOA in (its signature needs no node), and answers 503, not a wrong signature, when one is needed', async () => {
    const account = freshAccount()
    const eoa = await message(account.address)
    const response = await post('/auth/v1/siwx/sessions', {
      message: eoa,
      signature: await account.signMessage({ message: eoa }),
    })
    expect(response.status).toBe(201)
    const { token } = siwxSessionCreatedSchema.parse(await response.json())

    // A smart account's (here: any other address's) signature can only be checked on chain.
    const smart = await message(freshAccount().address)
    const signature = serializeErc6492Signature({
      address: freshAccount().address,
      data: '0x1234',
      signature: await account.signMessage({ message: smart }),
    })
    expect(await refusal(await post('/auth/v1/siwx/sessions', { message: smart, signature }))).toMatchObject({
      status: 503,
      code: ERROR_CODES.upstreamUnavailable,
    })
    // The pass too is only counted on chain.
    const area = await down.get(`/holders/v1/area?${LOCAL_QUERY}`, { headers: bearer(token) })
    expect(await refusal(area)).toMatchObject({ status: 503, code: ERROR_CODES.upstreamUnavailable })
  })
})

/** A minimal smart account (its owner's EIP-191 signatures are its own, ERC-1271) and its CREATE2 factory. */
const SMART_ACCOUNT_SOURCE = `
// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

contract OwnedAccount {
    address public immutable owner;
    constructor(address owner_) { owner = owner_; }
    function isValidSignature(bytes32 hash, bytes calldata signature) external view returns (bytes4) {
        if (signature.length != 65) return 0xffffffff;
        bytes32 r = bytes32(signature[0:32]);
        bytes32 s = bytes32(signature[32:64]);
        uint8 v = uint8(signature[64]);
        address signer = ecrecover(hash, v, r, s);
        return signer != address(0) && signer == owner ? bytes4(0x1626ba7e) : bytes4(0xffffffff);
    }
}

contract OwnedAccountFactory {
    function deploy(address owner, bytes32 salt) external returns (address) {
        return address(new OwnedAccount{salt: salt}(owner));
    }
    function initCode(address owner) public pure returns (bytes memory) {
        return abi.encodePacked(type(OwnedAccount).creationCode, abi.encode(owner));
    }
    function addressOf(address owner, bytes32 salt) external view returns (address) {
        bytes32 hash = keccak256(abi.encodePacked(bytes1(0xff), address(this), salt, keccak256(initCode(owner))));
        return address(uint160(uint256(hash)));
    }
}
`
