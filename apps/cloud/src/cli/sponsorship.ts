import { readFile } from 'node:fs/promises'
import { z } from 'zod'
import { type SponsorshipPolicy, sponsorshipPolicySchema } from '../paymaster/index.js'
import type { SponsorshipAdmin } from './backend.js'
import { UsageError } from './errors.js'

export type SponsorshipFlags = {
  policy?: string | undefined
  enabled?: string | undefined
  'account-ops-per-day'?: string | undefined
  'ops-per-day'?: string | undefined
  'budget-wei'?: string | undefined
}

/** The policy if it is one; else a UsageError listing what is wrong with it. */
function validPolicy(input: unknown): SponsorshipPolicy {
  const parsed = sponsorshipPolicySchema.safeParse(input)
  if (!parsed.success) throw new UsageError(`invalid sponsorship policy:\n${z.prettifyError(parsed.error)}`)
  return parsed.data
}

const count = (text: string | undefined, flag: string): number | undefined => {
  if (text === undefined) return undefined
  if (!/^\d{1,9}$/.test(text)) throw new UsageError(`--${flag} takes a whole number, got "${text}"`)
  return Number(text)
}

/** `sponsorship set <project> --policy <file.json>`: the whole policy from a file (docs/paymaster.md#policy). */
export async function setPolicy(store: SponsorshipAdmin, projectId: string, flags: SponsorshipFlags) {
  if (!flags.policy) throw new UsageError('sponsorship set needs --policy <file.json>')
  let parsed: unknown
  try {
    parsed = JSON.parse(await readFile(flags.policy, 'utf8'))
  } catch (error) {
    throw new UsageError(`cannot read ${flags.policy} as JSON: ${(error as Error).message}`)
  }
  return store.setPolicy(projectId, validPolicy(parsed))
}

/** `sponsorship edit <project>`: switches it on or off and changes its caps or budget, keeping the rest. */
export async function editPolicy(store: SponsorshipAdmin, projectId: string, flags: SponsorshipFlags) {
  const current = await store.policy(projectId)
  if (!current) throw new UsageError(`project ${projectId} has no sponsorship policy: set one with --policy`)
  if (flags.enabled !== undefined && flags.enabled !== 'on' && flags.enabled !== 'off')
    throw new UsageError(`--enabled takes on or off, got "${flags.enabled}"`)
  const budget = flags['budget-wei']
  const next: SponsorshipPolicy = {
    ...current,
    ...(flags.enabled === undefined ? {} : { enabled: flags.enabled === 'on' }),
    accountOpsPerDay: count(flags['account-ops-per-day'], 'account-ops-per-day') ?? current.accountOpsPerDay,
    opsPerDay: count(flags['ops-per-day'], 'ops-per-day') ?? current.opsPerDay,
    budgetWei: budget ?? current.budgetWei,
  }
  return store.setPolicy(projectId, validPolicy(next))
}
