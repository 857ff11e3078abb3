import { KernelError } from './errors'

export const THEME_MODES = ['light', 'dark'] as const
export type ThemeMode = (typeof THEME_MODES)[number]

/** CSS custom properties set on the modal's host element; the documented names are in theme.css.ts. */
export type ThemeVariables = Partial<Record<`--aap-${string}`, string>>

const VARIABLE_NAME = /^--aap-[a-z0-9-]+$/

/** A theme mode from the host page; undefined means "follow the system". */
export function parseThemeMode(mode: unknown): ThemeMode | undefined {
  if (mode === undefined || (THEME_MODES as readonly unknown[]).includes(mode))
    return mode as ThemeMode | undefined
  throw new KernelError('invalidThemeMode')
}

/**
 * The variables after a change: a patch adds or replaces names, and an empty or undefined value removes one
 * (back to the built-in default). Checked whole before anything applies, so bad input changes nothing.
 */
export function mergeThemeVariables(current: ThemeVariables, patch: unknown): ThemeVariables {
  if (typeof patch !== 'object' || patch === null || Array.isArray(patch))
    throw new KernelError('invalidThemeVariable')
  const next: Record<string, string | undefined> = { ...current }
  for (const [name, value] of Object.entries(patch)) {
    if (!VARIABLE_NAME.test(name) || (value !== undefined && typeof value !== 'string'))
      throw new KernelError('invalidThemeVariable')
    if (value) next[name] = value
    else delete next[name]
  }
  return next
}
