const ENTITY = /&(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);/g
const MARKUP =
  /<!--[\s\S]*?-->|<\?[\s\S]*?\?>|<(\/?)([A-Za-z_][\w:.-]*)((?:\s+[A-Za-z_][\w:.-]*\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>/g
const ATTRIBUTE = /([A-Za-z_][\w:.-]*)\s*=\s*(?:"([^"]*)"|'([^']*)')/g

function characterDataProblem(text: string): string | null {
  const withoutEntities = text.replace(ENTITY, '')
  if (withoutEntities.includes('<')) return 'unescaped "<"'
  if (withoutEntities.includes('&')) return 'unescaped "&" or unknown entity'
  return null
}

/**
 * The ways `text` fails to be a well-formed XML document (empty when it is well formed): balanced tags,
 * a single root element, quoted and unique attributes, escaped `<` and `&` in text and attribute values.
 * Enough for the small SVG documents of this catalogue; not a general validating parser.
 */
export function xmlWellFormednessProblems(text: string): string[] {
  const problems: string[] = []
  const openElements: string[] = []
  let rootElements = 0
  let position = 0
  for (const match of text.matchAll(MARKUP)) {
    const between = text.slice(position, match.index)
    const betweenProblem = characterDataProblem(between)
    if (betweenProblem !== null) problems.push(`${betweenProblem} in text at ${position}`)
    if (openElements.length === 0 && between.trim() !== '')
      problems.push(`text outside the root at ${position}`)
    position = match.index + match[0].length
    const [, closing, tagName, attributes = '', selfClosing] = match
    if (tagName === undefined) continue
    if (closing === '/') {
      const expected = openElements.pop()
      if (expected !== tagName) problems.push(`</${tagName}> closes <${expected ?? 'nothing'}>`)
      continue
    }
    if (openElements.length === 0) rootElements++
    const seenNames = new Set<string>()
    for (const [, name = '', doubleQuoted, singleQuoted] of attributes.matchAll(ATTRIBUTE)) {
      if (seenNames.has(name)) problems.push(`attribute ${name} repeated on <${tagName}>`)
      seenNames.add(name)
      const valueProblem = characterDataProblem(doubleQuoted ?? singleQuoted ?? '')
      if (valueProblem !== null) problems.push(`${valueProblem} in ${tagName}@${name}`)
    }
    if (selfClosing !== '/') openElements.push(tagName)
  }
  const rest = text.slice(position)
  if (rest.trim() !== '') problems.push(`unparsed markup or text after ${position}: ${rest.slice(0, 40)}`)
  for (const unclosed of openElements) problems.push(`<${unclosed}> is never closed`)
  if (rootElements !== 1) problems.push(`expected one root element, found ${rootElements}`)
  return problems
}
