// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the sources under test are code holding template literals.
import { describe, expect, it } from 'vitest'
import { minifiedCss, minifyCss, minifyCssTemplates } from './minifiedCss.js'

describe("the build's minified modal styles", () => {
  it('drops comments and the whitespace CSS ignores, keeping descendant spaces and quoted strings', () => {
    const css = `
/* The dialog's frame. */
dialog {
  font-family: system-ui, 'Segoe UI',  sans-serif;
  box-shadow: 0 12px 48px rgb(0 0 0 / 0.25);
}
.banner[data-variant='error'] .banner-icon :focus-visible { width: calc(100% - 16px); }
@media (max-width: 480px) { dialog { inset: auto 0 0; } }
`
    expect(minifyCss(css)).toBe(
      " dialog{font-family:system-ui,'Segoe UI',sans-serif;box-shadow:0 12px 48px rgb(0 0 0 / 0.25)}" +
        ".banner[data-variant='error'] .banner-icon :focus-visible{width:calc(100% - 16px)}" +
        '@media (max-width:480px){dialog{inset:auto 0 0}}',
    )
  })

  it('minifies only marked templates, keeps their ${…} expressions and the lines of the code around them', () => {
    const code = [
      'const a = /* css */ `',
      '.a {',
      '  width: ${WIDTH}px; /* wide */',
      '  transition: height ${({ ms }) => ms}ms ease;',
      '}',
      '`',
      'const b = `.b {  color: red; }`',
    ].join('\n')
    const out = minifyCssTemplates(code)
    expect(out).toBe(
      [
        'const a = /* css */ `.a{width:${WIDTH}px;transition:height ${({ ms }) => ms}ms ease}`',
        '',
        '',
        '',
        '',
        '',
        'const b = `.b {  color: red; }`',
      ].join('\n'),
    )
    expect(out.split('\n')).toHaveLength(code.split('\n').length)
  })

  it('fails by name on a marker without a template, an unterminated one or a comment an expression cuts', () => {
    expect(() => minifyCssTemplates('const a = /* css */ 1', 'a.ts')).toThrow(
      'minifiedCss: a.ts: /* css */ is not followed by a template literal',
    )
    expect(() => minifyCssTemplates('const a = /* css */ `.a {', 'a.ts')).toThrow(
      'minifiedCss: a.ts: an unterminated css template literal',
    )
    expect(() => minifyCssTemplates('const a = /* css */ `/* ${X} */`')).toThrow(
      'minifiedCss: a comment is cut by an expression',
    )
  })

  it("transforms the modal's own modules in the build only", () => {
    const plugin = minifiedCss()
    const transform = plugin.transform as (code: string, id: string) => { code: string } | null
    const own = new URL('../src/ui/shell/modal.css.ts', import.meta.url).pathname
    expect(plugin.apply).toBe('build')
    expect(transform('export const c = /* css */ `.a { color: red; }`', own)?.code).toBe(
      'export const c = /* css */ `.a{color:red}`',
    )
    expect(transform('export const c = /* css */ `.a { }`', '/repo/src/site.ts')).toBeNull()
    expect(transform('export const c = 1', own)).toBeNull()
  })
})
