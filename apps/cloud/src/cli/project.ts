import { FEATURE_IDS, type Feature, type FeatureId } from '@allaccess/protocol'
import { DEFAULT_FEATURES, type Project } from '../projects/index.js'
import type { ProjectAdmin } from './backend.js'
import { UsageError } from './errors.js'

export type ProjectFlags = {
  name?: string | undefined
  origin?: string[] | undefined
  'add-origin'?: string[] | undefined
  'remove-origin'?: string[] | undefined
  analytics?: string | undefined
  feature?: string[] | undefined
  'feature-config'?: string[] | undefined
}

function splitAssignment(text: string, flag: string): [FeatureId, string] {
  const at = text.indexOf('=')
  const id = text.slice(0, at)
  if (at < 1 || !(FEATURE_IDS as readonly string[]).includes(id)) {
    throw new UsageError(`--${flag} takes <feature id>=<value> with a known feature id, got "${text}"`)
  }
  return [id as FeatureId, text.slice(at + 1)]
}

function onOff(value: string, flag: string): boolean {
  if (value === 'on' || value === 'off') return value === 'on'
  throw new UsageError(`--${flag} takes on or off, got "${value}"`)
}

function parseJson(text: string, flag: string): Feature['config'] {
  try {
    return JSON.parse(text)
  } catch {
    throw new UsageError(`--${flag} needs JSON after "=", got "${text}"`)
  }
}

/** Applies --feature and --feature-config to a feature list; a feature named but absent is added. */
function applyFeatures(features: Feature[], flags: ProjectFlags): Feature[] {
  const byId = new Map(features.map((feature) => [feature.id, { ...feature }]))
  const entry = (id: FeatureId) => byId.get(id) ?? byId.set(id, { id, isEnabled: true, config: null }).get(id)
  for (const text of flags.feature ?? []) {
    const [id, value] = splitAssignment(text, 'feature')
    const feature = entry(id)
    if (feature) feature.isEnabled = onOff(value, 'feature')
  }
  for (const text of flags['feature-config'] ?? []) {
    const [id, value] = splitAssignment(text, 'feature-config')
    const feature = entry(id)
    if (feature) feature.config = parseJson(value, 'feature-config')
  }
  return [...byId.values()]
}

export function addProject(store: ProjectAdmin, id: string, flags: ProjectFlags): Promise<Project> {
  if (!flags.name) throw new UsageError('project add needs --name')
  return store.create({
    id,
    name: flags.name,
    allowedOrigins: flags.origin ?? [],
    analyticsEnabled: flags.analytics === undefined ? true : onOff(flags.analytics, 'analytics'),
    features: applyFeatures(DEFAULT_FEATURES, flags),
  })
}

export async function editProject(store: ProjectAdmin, id: string, flags: ProjectFlags): Promise<Project> {
  const current = await store.get(id)
  const removed = new Set(flags['remove-origin'] ?? [])
  const origins = [...(flags.origin ?? current.allowedOrigins), ...(flags['add-origin'] ?? [])].filter(
    (origin, index, all) => !removed.has(origin) && all.indexOf(origin) === index,
  )
  return store.update(id, {
    name: flags.name ?? current.name,
    allowedOrigins: origins,
    analyticsEnabled:
      flags.analytics === undefined ? current.analyticsEnabled : onOff(flags.analytics, 'analytics'),
    features: applyFeatures(current.features, flags),
  })
}
