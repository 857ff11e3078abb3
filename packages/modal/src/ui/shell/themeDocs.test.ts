import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { themeCss } from './theme.css'

// The theming table of packages/modal/README.md#theming (linked from docs/get-started.md#theming) is what the
// stylesheet declares: every variable, its light default and its dark one.

const README = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8')

/** `--aap-name: value;` declarations of one block of the stylesheet. */
function declared(block: string): Record<string, string> {
  return Object.fromEntries(
    [...block.matchAll(/(--aap-[a-z0-9-]+):\s*([^;]+);/g)].map(([, name, value]) => [name, value]),
  )
}

/** The README's rows: variable → [light, dark] (one value: the same in both modes). */
function documented(): Record<string, [string, string]> {
  const section = README.slice(README.indexOf('## Theming'), README.indexOf('## Strict CSP'))
  const rows = [...section.matchAll(/^\| `(--aap-[a-z0-9-]+)`\s*\| (.+?) \|/gm)]
  return Object.fromEntries(
    rows.map(([, name = '', defaults = '']) => {
      const values = [...defaults.matchAll(/`([^`]+)`/g)].map(([, value]) => value ?? '')
      return [name, [values[0] ?? '', values[1] ?? values[0] ?? '']]
    }),
  )
}

describe("the README's theming table", () => {
  it('lists every variable the stylesheet declares, with its light and dark defaults', () => {
    const [light = '', dark = ''] = themeCss.split(":host([data-theme='dark'])")
    const lightValues = declared(light)
    const darkValues = { ...lightValues, ...declared(dark) }
    const fromCss = Object.fromEntries(
      Object.keys(lightValues).map((name) => [name, [lightValues[name], darkValues[name]]]),
    )
    expect(Object.keys(fromCss).length).toBeGreaterThan(10)
    expect(documented()).toEqual(fromCss)
  })
})
