// @ts-check
import { fileURLToPath } from 'node:url'

const PACKAGE = fileURLToPath(new URL('..', import.meta.url))
const MARK = '/* css */'

/**
 * The modal's styles are template literals marked `/* css *\/` (its shadow root adopts them as sheets): the build
 * ships them without their comments and indentation, as a CSS file would be shipped (~0.5 KiB gzip of the modal's
 * first chunk). Line breaks move out of the literal into the code around it, so the code keeps its lines and the
 * source maps stay true.
 * @returns {import('vite').Plugin}
 */
export function minifiedCss() {
  return {
    name: 'allaccess:minified-css',
    enforce: 'pre',
    apply: 'build',
    transform(code, id) {
      if (!id.startsWith(PACKAGE) || id.includes('/node_modules/') || !code.includes(MARK)) return null
      return { code: minifyCssTemplates(code, id), map: null }
    },
  }
}

/**
 * Every `/* css *\/` template literal of `code` minified; `${…}` expressions are kept as they are.
 * @param {string} code
 * @param {string} [id] the file's name, for the error
 */
export function minifyCssTemplates(code, id = 'the module') {
  let out = ''
  let from = 0
  for (let mark = code.indexOf(MARK); mark !== -1; mark = code.indexOf(MARK, from)) {
    const open = code.indexOf('`', mark + MARK.length)
    if (open === -1 || code.slice(mark + MARK.length, open).trim() !== '')
      throw new Error(`minifiedCss: ${id}: ${MARK} is not followed by a template literal`)
    const { parts, end } = templateParts(code, open + 1, id)
    const text = parts
      .map((part, index) => (index % 2 ? part : minifyCss(part)))
      .join('')
      .trim()
    const lines = (code.slice(open, end).match(/\n/g) ?? []).length
    out += `${code.slice(from, open)}\`${text}\`${'\n'.repeat(lines)}`
    from = end + 1
  }
  return out + code.slice(from)
}

/**
 * A template literal's text from `start` (after its backtick) to its closing backtick at `end`: static text and
 * `${…}` expressions alternating, the expressions with their `${` and `}`.
 * @param {string} code
 * @param {number} start
 * @param {string} id
 */
function templateParts(code, start, id) {
  const parts = []
  let text = start
  for (let at = start; at < code.length; at++) {
    const char = code[at]
    if (char === '\\') at++
    else if (char === '`') return { parts: [...parts, code.slice(text, at)], end: at }
    else if (char === '$' && code[at + 1] === '{') {
      let depth = 0
      let close = at + 1
      for (; close < code.length; close++) {
        if (code[close] === '{') depth++
        else if (code[close] === '}' && --depth === 0) break
        else if (code[close] === '`')
          throw new Error(`minifiedCss: ${id}: a template inside a css expression`)
      }
      parts.push(code.slice(text, at), code.slice(at, close + 1))
      at = close
      text = close + 1
    }
  }
  throw new Error(`minifiedCss: ${id}: an unterminated css template literal`)
}

/**
 * CSS text without comments and without the whitespace CSS ignores: runs of whitespace become one space, and none
 * is left around `{`, `}`, `;` and `,` or after `:` (a space before `:` is a descendant selector and stays).
 * Quoted strings are kept as they are (comments go first: an apostrophe in one opens no string).
 * @param {string} css
 */
export function minifyCss(css) {
  if (css.split('/*').length !== css.split('*/').length)
    throw new Error('minifiedCss: a comment is cut by an expression')
  return css
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .split(/('[^']*'|"[^"]*")/)
    .map((piece, index) =>
      index % 2
        ? piece
        : piece
            .replace(/\s+/g, ' ')
            .replace(/ ?([{};,]) ?/g, '$1')
            .replace(/: /g, ':')
            .replace(/;}/g, '}'),
    )
    .join('')
}
