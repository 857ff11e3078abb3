import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * The modal's arrows (packages/modal/README.md#layout), checked on every import of src/: the kernel imports
 * nothing of ours; a feature imports no other feature but those it declares below; only a chain family's folder
 * (chains/<family>) imports a chain library. Biome holds the last rule in the editor too (biome.json); the
 * first two need paths resolved, which a lint pattern on the written specifier can't do.
 */

/** What a feature uses of another, declared with the reason; any other import between features fails. */
const REQUIRES: Record<string, Record<string, string>> = {
  connect: {
    shell: 'the connecting flow shows and closes views',
    analytics: 'connections are tracked',
    walletConnect: "a WalletConnect pick pairs through the pairing's controller",
  },
  network: {
    shell: 'the switch waits in a view and goes back',
    analytics: 'switches are tracked',
    connect: "the network list shows the connect feature's network and wallet images",
  },
  walletConnect: {
    shell: 'pairing opens and leaves its views',
    connect: "the pairing view shows the directory's wallet, its image and store links",
  },
  account: {
    connect: "Account's header and network list read the connect feature's images",
    network: 'Networks lists the networks as UnsupportedChain does',
  },
  social: { connect: 'the social buttons honour the legal checkbox (the connect feature keeps the consent)' },
  email: {
    social: "a social user's key export is the social feature's (its login window)",
    account: "the e-mail account's panel shows the account type of the account Account shows",
  },
  farcaster: { social: 'a Farcaster sign-in is kept by the social feature (its frame)' },
  profileWallets: {
    account: "each wallet's balance and name are read as Account reads them (one cache, one key)",
  },
}

/** Folders of src/ that are ours (an import into one of them is an import "of ours"). */
const OURS = /^(kernel|chains|features|app|api|embedded|ui|react|testing)(\/|$)/
/** The chain libraries: only a family's folder talks to them. */
const CHAIN_LIBRARY = /^(viem|wagmi)(\/|$)|^@(wagmi|solana|solana-program|wallet-standard)\//
/** Where a chain library may be imported besides chains/<family>: the test support's devnet and mock wallet, and tests (which sign with real keys). */
const CHAIN_LIBRARY_ALLOWED = /^(chains\/[^/]+\/|testing\/)|\.test\.tsx?$/

type Import = { from: string; to: string }

const featureOf = (path: string) => path.match(/^features\/([^/]+)\//)?.[1]

/** The imports that break an arrow, each with the rule it breaks. */
function violations(imports: readonly Import[]) {
  const found: string[] = []
  for (const { from, to } of imports) {
    const rule = brokenRule(from, to)
    if (rule) found.push(`${from} -> ${to}: ${rule}`)
  }
  return found
}

function brokenRule(from: string, to: string): string | undefined {
  if (from.startsWith('kernel/') && OURS.test(to) && !to.startsWith('kernel/')) {
    return 'the kernel imports nothing of ours'
  }
  const [source, target] = [featureOf(from), featureOf(to)]
  if (source && target && source !== target && !/\.test\.tsx?$/.test(from) && !REQUIRES[source]?.[target]) {
    return `features/${source} does not declare that it requires features/${target}`
  }
  if (CHAIN_LIBRARY.test(to) && !CHAIN_LIBRARY_ALLOWED.test(from)) {
    return 'only chains/<family> imports a chain library'
  }
  return undefined
}

const SRC = dirname(new URL(import.meta.url).pathname)
const SPECIFIER = /(?:\bfrom|^import|\bimport\()\s*'([^']+)'/gm

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    return /\.tsx?$/.test(entry.name) ? [path] : []
  })
}

/** Every import of src/, relative ones as paths from src/ (`features/connect/walletPicker`). */
function importsOfSrc(): Import[] {
  return sourceFiles(SRC).flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(SPECIFIER)].map(([, specifier = '']) => ({
      from: relative(SRC, file),
      to: specifier.startsWith('.') ? relative(SRC, resolve(dirname(file), specifier)) : specifier,
    })),
  )
}

/** A feature's failure is one of its catalogue's errors (kernel/errors `defineErrors`), never a bare `Error`. */
const BARE_ERROR = /\bnew Error\(/

describe('one error base', () => {
  it('no feature throws a bare Error: each failure has a code and a text of its catalogue', () => {
    const bare = sourceFiles(join(SRC, 'features'))
      .filter((file) => !/\.test\.tsx?$/.test(file) && BARE_ERROR.test(readFileSync(file, 'utf8')))
      .map((file) => relative(SRC, file))
    expect(bare).toEqual([])
  })

  it('the check sees a bare Error', () => {
    expect(BARE_ERROR.test("if (!api) throw new Error('Swaps need the cloud client')")).toBe(true)
    expect(BARE_ERROR.test("if (!api) throw new SwapError('noCloud')")).toBe(false)
  })
})

/** The protocol's per-family helpers: a feature asks `chains.family(namespace)` instead (docs/behaviour.md#chains). */
const FAMILY_HELPER = /\b(isEvmAddress|isSolanaAddress|coinTypeOfChainId|chainIdOfCoinType)\b/

describe('features know no chain family', () => {
  it("no feature reads addresses or coin types with one family's helper", () => {
    const helpers = sourceFiles(join(SRC, 'features'))
      .filter((file) => !/\.test\.tsx?$/.test(file) && FAMILY_HELPER.test(readFileSync(file, 'utf8')))
      .map((file) => relative(SRC, file))
    expect(helpers).toEqual([])
  })

  it('the check sees a helper', () => {
    expect(FAMILY_HELPER.test('const isName = (receiver) => !isEvmAddress(receiver)')).toBe(true)
    expect(FAMILY_HELPER.test("'address' in family.parseAddress(receiver)")).toBe(false)
  })
})

describe('the arrows between the modal’s folders', () => {
  it('hold for every import of src/', () => {
    const imports = importsOfSrc()
    expect(imports.length).toBeGreaterThan(1_000)
    expect(violations(imports)).toEqual([])
  })

  it('refuse a forbidden import', () => {
    expect(
      violations([
        { from: 'kernel/store.ts', to: 'features/connect/walletPicker' },
        { from: 'kernel/store.ts', to: 'app/constants' },
        { from: 'features/swaps/createSwapsFeature.ts', to: 'features/account/errors' },
        { from: 'features/email/views/EmailField/EmailField.tsx', to: 'features/connect/connectFeature' },
        { from: 'features/account/format.ts', to: 'viem' },
        { from: 'ui/shell/ModalRoot.tsx', to: '@wagmi/core' },
      ]),
    ).toEqual([
      'kernel/store.ts -> features/connect/walletPicker: the kernel imports nothing of ours',
      'kernel/store.ts -> app/constants: the kernel imports nothing of ours',
      'features/swaps/createSwapsFeature.ts -> features/account/errors: features/swaps does not declare that it requires features/account',
      'features/email/views/EmailField/EmailField.tsx -> features/connect/connectFeature: features/email does not declare that it requires features/connect',
      'features/account/format.ts -> viem: only chains/<family> imports a chain library',
      'ui/shell/ModalRoot.tsx -> @wagmi/core: only chains/<family> imports a chain library',
    ])
    expect(violations([{ from: 'features/account/send/createSend.ts', to: '@solana/kit' }])).toEqual([
      'features/account/send/createSend.ts -> @solana/kit: only chains/<family> imports a chain library',
    ])
  })

  it('let through what is declared, the kernel’s own and a family’s chain library', () => {
    expect(
      violations([
        { from: 'kernel/banner.ts', to: 'kernel/constants' },
        { from: 'kernel/bigDecimal.ts', to: 'big.js' },
        { from: 'features/email/createEmailFeature.ts', to: 'features/social/options' },
        { from: 'features/swaps/createSwapsFeature.ts', to: 'kernel/bigDecimal' },
        { from: 'chains/evm/walletActions.ts', to: 'viem' },
        { from: 'chains/solana/walletActions.ts', to: '@solana/kit' },
        { from: 'chains/solana/createSolanaAdapter.ts', to: '@wallet-standard/app' },
      ]),
    ).toEqual([])
  })
})
