import { IDBFactory } from 'fake-indexeddb'
import { encodeFunctionData, numberToHex, parseAbi, parseEther, parseGwei } from 'viem'
import { describe, expect, it } from 'vitest'
import {
  createPermissionStore,
  type Grant,
  grantAnswer,
  grantParams,
  PERMISSION_GRANTS_MAX,
  PERMISSION_LIFETIME_MAX_S,
  type PermissionStore,
  type PricedCall,
  readGrantRequest,
  spend,
} from './permissions'
import { ProviderError } from './rpc'
import { openVault } from './vault'

const NOW = 1_800_000_000
const WALLET = `0x${'a'.repeat(40)}`
const SITE = 'https://pass.example'
const PASS = `0x${'b'.repeat(40)}` as const
const FRIEND = `0x${'c'.repeat(40)}` as const
const where = { address: WALLET, site: SITE, chainId: 31337, now: NOW }
const DEFAULT_RATE = { count: 10, interval: 3600 }
const passAbi = parseAbi(['function mint() payable', 'function burn(uint256 id)'])

const allowance = (wei: bigint) => ({ type: 'token-allowance', data: { allowance: numberToHex(wei) } })
const native = (wei: bigint, ...policies: object[]) => ({
  type: 'native-token-transfer',
  data: { ticker: 'ETH' },
  policies: [allowance(wei), ...policies],
})
const calls = (signatures: string[], ...policies: object[]) => ({
  type: 'contract-call',
  data: { address: PASS, calls: signatures },
  policies,
})

/** A request as viem's `grantPermissions` sends it, read as the frame reads it. */
function request(permissions: object[], expiry = NOW + 3600, signer: object = { type: 'wallet' }) {
  const parsed = grantParams.safeParse([{ expiry, signer, permissions }])
  if (!parsed.success) throw new Error(parsed.error.message)
  return readGrantRequest(parsed.data, where)
}
const grantOf = (permissions: object[]): Grant => ({
  ...request(permissions),
  context: `0x${'1'.repeat(64)}`,
})
/** The grant after paying for the calls; the test fails when it does not cover them. */
function paid(grant: Grant, calls: Parameters<typeof spend>[1], now: number): Grant {
  const after = spend(grant, calls, now)
  if (!after) throw new Error('the grant did not cover the calls')
  return after
}
/** A call as the handler prices it: a plain transfer's gas at 1 wei a unit, to code when it carries data. */
const p = (call: { to: string; value?: string; data?: string }): PricedCall => ({
  gas: 21_000n,
  maxFeePerGas: 1n,
  toContract: call.data !== undefined,
  ...call,
})
const refusal = (read: () => unknown) => {
  try {
    read()
  } catch (error) {
    return error instanceof ProviderError ? [error.code, error.message] : error
  }
  return 'granted'
}

describe('reading a grant request', () => {
  it('keeps what the wallet can enforce, as viem asks for it, and answers it back with a context', () => {
    const grant = grantOf([
      native(parseEther('0.01')),
      calls(['mint()'], { type: 'rate-limit', data: { count: 2, interval: 60 } }),
    ])
    expect(
      grant.permissions.map(({ type, allowance, rateLimit }) => ({ type, allowance, rateLimit })),
    ).toEqual([
      // No rate limit asked: 10 calls an hour.
      { type: 'native-token-transfer', allowance: parseEther('0.01').toString(), rateLimit: DEFAULT_RATE },
      { type: 'contract-call', allowance: '0', rateLimit: { count: 2, interval: 60 } },
    ])
    expect(grant.permissions[1]).toMatchObject({ address: PASS, selectors: ['0x1249c58b'] })
    expect(grantAnswer(grant)).toEqual({
      expiry: NOW + 3600,
      grantedPermissions: [
        { ...native(parseEther('0.01'), { type: 'rate-limit', data: DEFAULT_RATE }), required: false },
        { ...calls(['mint()'], { type: 'rate-limit', data: { count: 2, interval: 60 } }), required: false },
      ],
      permissionsContext: grant.context,
    })
  })

  it('leaves out an unknown permission unless it is required', () => {
    const unknown = { type: 'erc20-token-transfer', data: { address: PASS, ticker: 'T' }, policies: [] }
    expect(request([native(1n), unknown]).permissions.map((permission) => permission.type)).toEqual([
      'native-token-transfer',
    ])
    expect(refusal(() => request([native(1n), { ...unknown, required: true }]))).toEqual([
      -32602,
      'Invalid parameters: permission type "erc20-token-transfer" is not supported',
    ])
    expect(refusal(() => request([unknown]))).toEqual([
      -32602,
      'Invalid parameters: no permission this wallet supports was asked for',
    ])
  })

  it('refuses what it could not enforce or should not last: another signer, a past or too far expiry, an unknown policy, unlimited ETH, a bad signature', () => {
    const codes = [
      () => request([native(1n)], NOW + 60, { type: 'account', data: { id: FRIEND } }),
      () => request([native(1n)], NOW),
      () => request([native(1n)], NOW + PERMISSION_LIFETIME_MAX_S + 1),
      () => request([native(1n, { type: 'gas-limit', data: { limit: '0x1' } })]),
      () => request([{ type: 'native-token-transfer', data: { ticker: 'ETH' }, policies: [] }]),
      () => request([calls(['mint(((('])]),
      () => request([native(1n, { type: 'rate-limit', data: { count: 0, interval: 60 } })]),
    ].map((read) => refusal(read))
    expect(codes.map((code) => (code as unknown[])[0])).toEqual(Array(7).fill(-32602))
    expect(request([native(1n)], NOW + PERMISSION_LIFETIME_MAX_S).expiry).toBe(
      NOW + PERMISSION_LIFETIME_MAX_S,
    )
  })

  it('shows and keeps each function in its canonical form, and refuses text the selector would ignore', () => {
    const [permission] = request([calls(['transfer(address onlyYourOwnAddress, uint256 zero)'])]).permissions
    expect(permission).toMatchObject({ calls: ['transfer(address,uint256)'], selectors: ['0xa9059cbb'] })
    expect(permission?.asked.data).toEqual({ address: PASS, calls: ['transfer(address,uint256)'] })
    for (const signature of [
      'approve(address,uint256) — view only, cannot move tokens',
      'approve(address,uint256) view only',
      'mint(address \u202Eevil)',
      'event Transfer(address,address,uint256)',
    ])
      expect(refusal(() => request([calls([signature])]))).toEqual([
        -32602,
        `Invalid parameters: "${signature}" is not a function signature`,
      ])
  })

  it('refuses an unlimited allowance, and keeps nothing of a request but what it parsed', () => {
    expect(refusal(() => request([native(2n ** 256n - 1n)]))).toEqual([
      -32602,
      'Invalid parameters: token-allowance: an unlimited allowance is refused',
    ])
    const padded = {
      ...calls(['mint()']),
      data: { address: PASS, calls: ['mint()'], junk: 'x'.repeat(10_000) },
    }
    const [permission] = request([padded]).permissions
    expect(JSON.stringify(permission)).not.toContain('junk')
  })

  it('parses nothing malformed: deep nesting, a huge list, a non-integer expiry', () => {
    const deep = JSON.parse(`${'['.repeat(2000)}${']'.repeat(2000)}`)
    for (const params of [
      [{ expiry: 1.5, permissions: [native(1n)] }],
      [{ expiry: NOW + 60, permissions: Array(9).fill(native(1n)) }],
      [{ expiry: NOW + 60, permissions: [{ ...native(1n), policies: deep }] }],
      [{ expiry: NOW + 60, permissions: [] }],
      deep,
      'grant',
    ])
      expect(grantParams.safeParse(params).success).toBe(false)
  })
})

describe('spending a grant', () => {
  const mint = encodeFunctionData({ abi: passAbi, functionName: 'mint' })
  const burn = encodeFunctionData({ abi: passAbi, functionName: 'burn', args: [1n] })

  it('pays plain transfers from the native allowance until it is used up', () => {
    const grant = grantOf([native(parseEther('0.01'))])
    const once = paid(grant, [p({ to: FRIEND, value: numberToHex(parseEther('0.006')) })], NOW)
    expect(once.permissions[0]?.spent).toBe(parseEther('0.006').toString())
    expect(spend(once, [p({ to: FRIEND, value: numberToHex(parseEther('0.005')) })], NOW)).toBeUndefined()
    expect(spend(once, [p({ to: FRIEND, value: numberToHex(parseEther('0.004')) })], NOW)).toBeDefined()
    // Nothing was taken from the grant that did not cover the calls.
    expect(grant.permissions[0]?.spent).toBe('0')
  })

  it('calls only the named functions of the named contract, with no ETH unless allowed', () => {
    const grant = grantOf([calls(['function mint() payable'])])
    expect(spend(grant, [p({ to: PASS, data: mint })], NOW)).toBeDefined()
    expect(spend(grant, [p({ to: PASS.toUpperCase().replace('0X', '0x'), data: mint })], NOW)).toBeDefined()
    expect(spend(grant, [p({ to: PASS, data: burn })], NOW)).toBeUndefined()
    expect(spend(grant, [p({ to: FRIEND, data: mint })], NOW)).toBeUndefined()
    expect(spend(grant, [p({ to: PASS, data: mint, value: '0x1' })], NOW)).toBeUndefined()
    // A plain transfer needs native-token-transfer; one call the grant does not cover fails the whole batch.
    expect(spend(grant, [p({ to: PASS, data: mint }), p({ to: FRIEND, value: '0x1' })], NOW)).toBeUndefined()
    const paying = grantOf([calls(['mint()'], allowance(parseEther('0.02')))])
    expect(
      spend(paying, [p({ to: PASS, data: mint, value: numberToHex(parseEther('0.01')) })], NOW),
    ).toBeDefined()
  })

  it('charges every call’s gas × maxFeePerGas to the grant’s 0.002 ETH fee budget, caps a call’s gas at 500,000 and calls a no-data call to code a contract call', () => {
    const grant = grantOf([
      calls(['burn(uint256)'], { type: 'rate-limit', data: { count: 1000, interval: 60 } }),
    ])
    expect([grant.feeBudget, grant.feesSpent]).toEqual([parseEther('0.002').toString(), '0'])
    // A value-0 call that burns 400,000 gas at 1 gwei: 0.0004 ETH of fees each, so five fit and the sixth does not.
    const burning = { ...p({ to: PASS, data: burn }), gas: 400_000n, maxFeePerGas: parseGwei('1') }
    let used = grant
    for (let call = 0; call < 5; call++) used = paid(used, [burning], NOW)
    expect(used.feesSpent).toBe(parseEther('0.002').toString())
    expect(spend(used, [burning], NOW)).toBeUndefined()
    expect(spend(grant, [{ ...burning, gas: 500_001n, maxFeePerGas: 1n }], NOW)).toBeUndefined()
    expect(spend(grant, [{ ...burning, gas: 500_000n, maxFeePerGas: 1n }], NOW)).toBeDefined()
    // "Send up to 1 wei" pays a plain transfer, never a call into a contract's fallback.
    const wei = grantOf([native(1n)])
    expect(spend(wei, [{ ...p({ to: FRIEND }), toContract: true }], NOW)).toBeUndefined()
    expect(spend(wei, [p({ to: FRIEND })], NOW)).toBeDefined()
  })

  it('holds a grant that names no rate limit to 10 calls an hour', () => {
    let grant = grantOf([native(parseEther('1'))])
    const transfer = p({ to: FRIEND, value: '0x1' })
    for (let call = 0; call < 10; call++) grant = paid(grant, [transfer], NOW + call)
    expect(spend(grant, [transfer], NOW + 3599)).toBeUndefined()
    expect(spend(grant, [transfer], NOW + 3601)).toBeDefined()
  })

  it('counts each call against a rate limit, per interval: a batch of two is two uses', () => {
    const mintCall = p({ to: PASS, data: mint })
    let grant = grantOf([calls(['mint()'], { type: 'rate-limit', data: { count: 3, interval: 60 } })])
    grant = paid(grant, [mintCall, mintCall], NOW)
    expect(spend(grant, [mintCall, mintCall], NOW + 10)).toBeUndefined()
    grant = paid(grant, [mintCall], NOW + 10)
    expect(spend(grant, [mintCall], NOW + 59)).toBeUndefined()
    expect(spend(grant, [mintCall, mintCall], NOW + 61)).toBeDefined()
  })
})

describe('the permission store', () => {
  const store = (clock = { now: NOW }) =>
    createPermissionStore({ vault: openVault(new IDBFactory()), now: () => clock.now })

  it('keeps grants per wallet and site, spends them in turn, revokes and forgets them', async () => {
    const clock = { now: NOW }
    const permissions = store(clock)
    const grant = await permissions.add(request([native(parseEther('0.01'))]))
    expect(await permissions.find(grant.context, WALLET.toUpperCase().replace('0X', '0x'), SITE)).toEqual(
      grant,
    )
    expect(await permissions.find(grant.context, WALLET, 'https://other.example')).toBeUndefined()
    expect(await permissions.find(grant.context, FRIEND, SITE)).toBeUndefined()
    await expect(
      permissions.spend(grant.context, WALLET, 'https://other.example', 31337, []),
    ).rejects.toThrow('unknown or expired permissions context')
    // Another chain is not covered.
    expect(await permissions.spend(grant.context, WALLET, SITE, 1, [p({ to: FRIEND, value: '0x1' })])).toBe(
      false,
    )

    // Two batches at once, each 0.006 of the 0.01: one passes.
    const value = numberToHex(parseEther('0.006'))
    const both = await Promise.all([
      permissions.spend(grant.context, WALLET, SITE, 31337, [p({ to: FRIEND, value })]),
      permissions.spend(grant.context, WALLET, SITE, 31337, [p({ to: FRIEND, value })]),
    ])
    expect(both.sort()).toEqual([false, true])

    await permissions.revoke(grant.context)
    expect(await permissions.find(grant.context, WALLET, SITE)).toBeUndefined()
    const again = await permissions.add(request([native(1n)]))
    clock.now = again.expiry
    expect(await permissions.find(again.context, WALLET, SITE)).toBeUndefined()
    clock.now = NOW
    const last = await permissions.add(request([native(1n)]))
    await permissions.clear()
    expect(await permissions.find(last.context, WALLET, SITE)).toBeUndefined()
  })

  it('two frames of the same origin (two tabs) spending one allowance at once: only one passes', async () => {
    const indexedDB = new IDBFactory()
    const [one, two] = [0, 1].map(() =>
      createPermissionStore({ vault: openVault(indexedDB), now: () => NOW }),
    )
    const grant = await (one as PermissionStore).add(request([native(parseEther('1'))]))
    const value = numberToHex(parseEther('0.6'))
    const both = await Promise.all(
      [one, two].map((store) =>
        (store as PermissionStore).spend(grant.context, WALLET, SITE, 31337, [p({ to: FRIEND, value })]),
      ),
    )
    expect(both.sort()).toEqual([false, true])
  })

  it(`holds at most ${PERMISSION_GRANTS_MAX} live grants per site and wallet`, async () => {
    const permissions = store()
    for (let count = 0; count < PERMISSION_GRANTS_MAX; count++) await permissions.add(request([native(1n)]))
    await expect(permissions.add(request([native(1n)]))).rejects.toThrow(
      'This site holds too many permissions: revoke one first',
    )
    await permissions.add({ ...request([native(1n)]), site: 'https://other.example' })
  })
})
