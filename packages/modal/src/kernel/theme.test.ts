import { describe, expect, it } from 'vitest'
import { KernelError } from './errors'
import { mergeThemeVariables, parseThemeMode } from './theme'

describe('theme input', () => {
  it('accepts light, dark and undefined (follow the system) as the theme mode', () => {
    expect(parseThemeMode('light')).toBe('light')
    expect(parseThemeMode('dark')).toBe('dark')
    expect(parseThemeMode(undefined)).toBeUndefined()
  })

  it('rejects any other theme mode with a clear error', () => {
    for (const mode of ['blue', 'Dark', null, 1]) {
      expect(() => parseThemeMode(mode)).toThrowError(new KernelError('invalidThemeMode'))
    }
  })

  it('merges variables; an empty or undefined value removes one', () => {
    const first = mergeThemeVariables({}, { '--aap-accent': '#e8590c', '--aap-border-radius': '4px' })
    expect(first).toEqual({ '--aap-accent': '#e8590c', '--aap-border-radius': '4px' })
    const second = mergeThemeVariables(first, { '--aap-accent': '', '--aap-border-radius': undefined })
    expect(second).toEqual({})
    expect(first).toEqual({ '--aap-accent': '#e8590c', '--aap-border-radius': '4px' })
  })

  it('rejects names outside --aap-, non-string values and non-objects, changing nothing', () => {
    const bad: unknown[] = [{ color: 'red' }, { '--aap-accent': 12 }, { '--aap-x;y': 'a' }, null, [], 'x']
    for (const patch of bad) {
      expect(() => mergeThemeVariables({}, patch)).toThrowError(new KernelError('invalidThemeVariable'))
    }
  })
})
