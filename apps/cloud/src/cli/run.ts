import { readFile } from 'node:fs/promises'
import { parseArgs } from 'node:util'
import { type DirectoryStore, importWallets, loadWalletFixture } from '../directory/index.js'
import type { CliBackend } from './backend.js'
import { UsageError } from './errors.js'
import { addProject, editProject } from './project.js'
import { editPolicy, setPolicy } from './sponsorship.js'
import { USAGE } from './usage.js'

const OPTIONS = {
  name: { type: 'string' },
  origin: { type: 'string', multiple: true },
  'add-origin': { type: 'string', multiple: true },
  'remove-origin': { type: 'string', multiple: true },
  analytics: { type: 'string' },
  feature: { type: 'string', multiple: true },
  'feature-config': { type: 'string', multiple: true },
  count: { type: 'string' },
  policy: { type: 'string' },
  enabled: { type: 'string' },
  'account-ops-per-day': { type: 'string' },
  'ops-per-day': { type: 'string' },
  'budget-wei': { type: 'string' },
  seed: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const

function positiveInt(text: string | undefined, fallback: number, flag: string): number {
  if (text === undefined) return fallback
  const value = Number(text)
  if (!Number.isInteger(value) || value < 1 || value > 100_000)
    throw new UsageError(`--${flag} takes 1 to 100000`)
  return value
}

const json = (value: unknown) => JSON.stringify(value, null, 2)

/** Runs one admin command against the backend, writing its answer through `out`. */
export async function runCli(
  argv: string[],
  backend: CliBackend,
  out: (text: string) => void,
): Promise<void> {
  const { values, positionals } = (() => {
    try {
      return parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true })
    } catch (error) {
      throw new UsageError((error as Error).message)
    }
  })()
  const [group, command, target, ...rest] = positionals
  if (values.help || !group) return out(USAGE)
  if (rest.length > 0) throw new UsageError(`unexpected arguments: ${rest.join(' ')}`)
  const { projects } = backend
  const walletStore = (): DirectoryStore => {
    if (backend.directory) return backend.directory
    throw new UsageError(
      `${group} ${command} writes the database, which the running cloud holds: stop it and try again ` +
        '(or run both on PostgreSQL with DATABASE_URL).',
    )
  }
  const needTarget = (what: string) => {
    if (!target) throw new UsageError(`${group} ${command} needs ${what}`)
    return target
  }

  switch (`${group} ${command}`) {
    case 'project list':
      for (const p of await projects.list()) {
        out(
          `${p.id}\t${p.name}\tanalytics ${p.analyticsEnabled ? 'on' : 'off'}\t${p.allowedOrigins.join(' ')}`,
        )
      }
      return
    case 'project show':
      return out(json(await projects.get(needTarget('an id'))))
    case 'project add':
      return out(json(await addProject(projects, needTarget('an id'), values)))
    case 'project edit':
      return out(json(await editProject(projects, needTarget('an id'), values)))
    case 'project remove':
      await projects.remove(needTarget('an id'))
      return out(`removed ${target}`)
    case 'sponsorship show': {
      const id = needTarget('a project id')
      await projects.get(id)
      const policy = await backend.sponsorship.policy(id)
      return out(policy ? json(policy) : `project ${id} has no sponsorship policy (it sponsors nothing)`)
    }
    case 'sponsorship set': {
      const id = needTarget('a project id')
      await projects.get(id)
      return out(json(await setPolicy(backend.sponsorship, id, values)))
    }
    case 'sponsorship edit': {
      const id = needTarget('a project id')
      await projects.get(id)
      return out(json(await editPolicy(backend.sponsorship, id, values)))
    }
    case 'sponsorship remove': {
      const id = needTarget('a project id')
      await projects.get(id)
      await backend.sponsorship.removePolicy(id)
      return out(`project ${id} sponsors nothing now (its grants stay recorded)`)
    }
    case 'sponsorship grants': {
      const id = needTarget('a project id')
      await projects.get(id)
      for (const grant of await backend.sponsorship.recent(id, positiveInt(values.count, 20, 'count')))
        out(
          `${new Date(grant.createdAt).toISOString()}\t${grant.sender}\t${grant.state}\t${grant.maxCostWei} wei at most${grant.actualCostWei === null ? '' : `, ${grant.actualCostWei} wei paid`}\t${grant.calls.map((call) => `${call.to}:${call.selector}`).join(' ')}\t${grant.userOpHash}`,
        )
      return
    }
    case 'wallets import': {
      const file = needTarget('a JSON file')
      let parsed: unknown
      try {
        parsed = JSON.parse(await readFile(file, 'utf8'))
      } catch (error) {
        throw new UsageError(`cannot read ${file} as JSON: ${(error as Error).message}`)
      }
      const { added, updated } = await importWallets(walletStore(), parsed)
      return out(`imported ${file}: ${added} added, ${updated} updated`)
    }
    case 'wallets fixture': {
      const count = positiveInt(values.count, 1000, 'count')
      const { added, updated } = await loadWalletFixture(
        walletStore(),
        count,
        positiveInt(values.seed, 1, 'seed'),
      )
      return out(`fixture of ${count} wallets: ${added} added, ${updated} updated`)
    }
    default:
      throw new UsageError(`unknown command "${positionals.join(' ')}"\n\n${USAGE}`)
  }
}
