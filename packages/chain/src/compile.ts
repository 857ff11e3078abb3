import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Abi, Hex } from 'viem'

const require = createRequire(import.meta.url)

export const packageRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..')
export const contractsDir = join(packageRoot, 'contracts')
export const artifactsDir = join(packageRoot, 'artifacts')
const artifactsFile = join(artifactsDir, 'contracts.json')
/** Bump when the shape of `Artifacts` changes, so older caches are rebuilt. */
const cacheFormat = 1

export const contractNames = [
  'AllAccessPass',
  'TestUSD',
  'TestToken',
  'SpamDrop',
  'Multicall3',
  'NamesRegistry',
  'OffchainNameResolver',
  'NamesUniversalResolver',
  'IdRegistry',
  'SponsorPaymaster',
] as const
export type ContractName = (typeof contractNames)[number]

export interface ContractArtifact {
  abi: Abi
  /** Creation code (constructor arguments are appended by the deployer). */
  bytecode: Hex
  /** Runtime code; immutables are zero at `immutableReferences`. */
  deployedBytecode: Hex
  /** Byte ranges of the runtime code that the constructor fills with immutable values. */
  immutableReferences: { start: number; length: number }[]
}

export interface Artifacts {
  /** Hash of the compiler version, settings and sources these artifacts were built from. */
  hash: string
  solcVersion: string
  contracts: Record<ContractName, ContractArtifact>
  warnings: string[]
}

const settings = {
  optimizer: { enabled: true, runs: 200 },
  evmVersion: 'cancun',
  metadata: { bytecodeHash: 'none' },
  outputSelection: {
    '*': {
      '*': [
        'abi',
        'evm.bytecode.object',
        'evm.deployedBytecode.object',
        'evm.deployedBytecode.immutableReferences',
      ],
    },
  },
}

let memo: Promise<Artifacts> | undefined

/**
 * Compiles `contracts/*.sol` with solc-js (no network). Artifacts are cached in `artifacts/contracts.json`,
 * keyed by a hash of the compiler version, the settings, the OpenZeppelin and account-abstraction versions, the sources and the contract names, and
 * memoised in the process.
 */
export function compileContracts(opts: { force?: boolean } = {}): Promise<Artifacts> {
  if (opts.force || !memo) {
    memo = build(opts.force ?? false)
    memo.catch(() => {
      memo = undefined
    })
  }
  return memo
}

async function build(force: boolean): Promise<Artifacts> {
  const files = (await readdir(contractsDir)).filter((f) => f.endsWith('.sol')).sort()
  const sources: Record<string, { content: string }> = {}
  for (const file of files) sources[file] = { content: await readFile(join(contractsDir, file), 'utf8') }

  const solcVersion: string = require('solc/package.json').version
  const ozVersion: string = require('@openzeppelin/contracts/package.json').version
  const aaVersion: string = require('@account-abstraction/contracts/package.json').version
  const hash = createHash('sha256')
    .update(
      JSON.stringify({ cacheFormat, solcVersion, ozVersion, aaVersion, settings, sources, contractNames }),
    )
    .digest('hex')

  if (!force) {
    const cached = await readCache()
    if (cached?.hash === hash) return cached
  }

  const artifacts = await solcCompile(sources, hash)
  await mkdir(artifactsDir, { recursive: true })
  const tmp = `${artifactsFile}.${process.pid}.tmp`
  await writeFile(tmp, `${JSON.stringify(artifacts)}\n`)
  await rename(tmp, artifactsFile)
  return artifacts
}

async function readCache(): Promise<Artifacts | undefined> {
  try {
    return JSON.parse(await readFile(artifactsFile, 'utf8')) as Artifacts
  } catch {
    return undefined
  }
}

/**
 * Compiles one self-contained Solidity source (no imports) with the project's settings, for contracts that exist
 * only in tests (a hostile token, say). Not cached: call it once per test file.
 */
export async function compileStandalone(
  source: string,
): Promise<Record<string, { abi: Abi; bytecode: Hex }>> {
  const { default: solc } = await import('solc')
  const input = { language: 'Solidity', sources: { 'Standalone.sol': { content: source } }, settings }
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as SolcOutput
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error').map((e) => e.formattedMessage)
  if (errors.length > 0) throw new Error(`Solidity compilation failed:\n${errors.join('\n')}`)
  return Object.fromEntries(
    Object.entries(output.contracts?.['Standalone.sol'] ?? {}).map(([name, out]) => [
      name,
      { abi: out.abi, bytecode: `0x${out.evm.bytecode.object}` as Hex },
    ]),
  )
}

interface SolcOutput {
  errors?: { severity: 'error' | 'warning' | 'info'; formattedMessage: string }[]
  contracts?: Record<
    string,
    Record<
      string,
      {
        abi: Abi
        evm: {
          bytecode: { object: string }
          deployedBytecode: {
            object: string
            immutableReferences?: Record<string, { start: number; length: number }[]>
          }
        }
      }
    >
  >
}

async function solcCompile(sources: Record<string, { content: string }>, hash: string): Promise<Artifacts> {
  const { default: solc } = await import('solc')
  const input = { language: 'Solidity', sources, settings }
  // Imports such as "@openzeppelin/contracts/..." are read from node_modules.
  const findImports = (path: string) => {
    try {
      return { contents: readFileSync(require.resolve(path), 'utf8') }
    } catch {
      return { error: `File not found: ${path}` }
    }
  }
  const output = JSON.parse(solc.compile(JSON.stringify(input), { import: findImports })) as SolcOutput

  const problems = output.errors ?? []
  const errors = problems.filter((e) => e.severity === 'error').map((e) => e.formattedMessage)
  if (errors.length > 0) throw new Error(`Solidity compilation failed:\n${errors.join('\n')}`)

  const contracts = {} as Record<ContractName, ContractArtifact>
  for (const name of contractNames) {
    const out = output.contracts?.[`${name}.sol`]?.[name]
    if (!out) throw new Error(`solc produced no output for contract ${name} (expected contracts/${name}.sol)`)
    contracts[name] = {
      abi: out.abi,
      bytecode: `0x${out.evm.bytecode.object}`,
      deployedBytecode: `0x${out.evm.deployedBytecode.object}`,
      immutableReferences: Object.values(out.evm.deployedBytecode.immutableReferences ?? {})
        .flat()
        .sort((a, b) => a.start - b.start),
    }
  }
  return {
    hash,
    solcVersion: solc.version(),
    contracts,
    warnings: problems.filter((e) => e.severity === 'warning').map((e) => e.formattedMessage),
  }
}
