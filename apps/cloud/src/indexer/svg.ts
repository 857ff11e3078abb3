import { SaxesParser } from 'saxes'
import { escapeXml } from '../directory/catalogue/monogram.js'
import { CloudError } from '../errors.js'
import { SVG_MAX_DEPTH, SVG_MAX_ELEMENTS } from './limits.js'

/**
 * Passive SVG only: shapes, text, gradients, clips, masks and simple filters. No script, style, foreignObject,
 * image, link or animation (an animation can rewrite an href), so nothing in it can run or load.
 */
const ELEMENTS = new Set([
  'svg',
  'g',
  'defs',
  'title',
  'desc',
  'symbol',
  'use',
  'path',
  'rect',
  'circle',
  'ellipse',
  'line',
  'polyline',
  'polygon',
  'text',
  'tspan',
  'linearGradient',
  'radialGradient',
  'stop',
  'clipPath',
  'mask',
  'pattern',
  'filter',
  'feGaussianBlur',
  'feOffset',
  'feBlend',
  'feColorMatrix',
  'feFlood',
  'feComposite',
  'feMerge',
  'feMergeNode',
])
/** Elements whose character data is kept. */
const TEXT_ELEMENTS = new Set(['text', 'tspan', 'title', 'desc'])

const ATTRIBUTES = new Set(
  [
    'id viewBox width height x y x1 y1 x2 y2 cx cy r rx ry fx fy fr d points transform dx dy',
    'fill fill-opacity fill-rule stroke stroke-width stroke-opacity stroke-linecap stroke-linejoin',
    'stroke-dasharray stroke-dashoffset stroke-miterlimit opacity visibility display paint-order vector-effect',
    'offset stop-color stop-opacity gradientUnits gradientTransform spreadMethod',
    'patternUnits patternContentUnits patternTransform clip-path clip-rule clipPathUnits mask maskUnits',
    'maskContentUnits preserveAspectRatio font-family font-size font-weight font-style letter-spacing',
    'word-spacing text-anchor dominant-baseline textLength lengthAdjust filter filterUnits stdDeviation',
    'in in2 result mode values type flood-color flood-opacity operator k1 k2 k3 k4 href xlink:href',
  ].flatMap((line) => line.split(' ')),
)

/** A reference to anything but a fragment of this document (`url(https://…)`, `url(data:…)`). */
const OUTSIDE_URL = /url\s*\(\s*['"]?\s*(?!#)/i
const SCHEME = /(?:javascript|vbscript|data|https?|ftp|file)\s*:/i

function keepAttribute(name: string, value: string): boolean {
  if (!ATTRIBUTES.has(name) || value.length > 10_000) return false
  if (name === 'href' || name === 'xlink:href') return /^#[\w.-]+$/.test(value)
  return !OUTSIDE_URL.test(value) && !SCHEME.test(value)
}

/** Why a source is no SVG the indexer keeps (never shown: the image is dropped). */
class Rejected extends CloudError<'svgRejected'> {
  constructor(reason: string) {
    super('svgRejected', reason)
  }
}

/**
 * The SVG rebuilt from what `source` says, keeping only allowlisted elements and attributes (fragment links
 * only), or undefined when it is not a well-formed SVG document within the bounds. The output is written from the
 * parse, never copied, so nothing the parser did not understand reaches a browser.
 */
export function sanitizeSvg(source: string): string | undefined {
  const parser = new SaxesParser()
  const out: string[] = []
  /** Per open element: kept (its name) or dropped (null, with everything inside it). */
  const open: (string | null)[] = []
  let elements = 0
  let sawRoot = false
  const dropping = () => open.includes(null)
  parser.on('error', (error) => {
    throw new Rejected(error.message)
  })
  parser.on('doctype', () => {
    throw new Rejected('doctype')
  })
  parser.on('opentag', (tag) => {
    if (open.length === 0) {
      if (sawRoot || tag.name !== 'svg') throw new Rejected('root is not svg')
      sawRoot = true
    }
    if (open.length >= SVG_MAX_DEPTH || ++elements > SVG_MAX_ELEMENTS) throw new Rejected('too large')
    if (dropping() || !ELEMENTS.has(tag.name)) {
      open.push(null)
      return
    }
    const attributes = Object.entries(tag.attributes as Record<string, string>)
      .filter(([name, value]) => keepAttribute(name, value))
      .map(([name, value]) => ` ${name === 'xlink:href' ? 'href' : name}="${escapeXml(value)}"`)
      .join('')
    const namespace = open.length === 0 ? ' xmlns="http://www.w3.org/2000/svg"' : ''
    out.push(`<${tag.name}${namespace}${attributes}>`)
    open.push(tag.name)
  })
  parser.on('text', (text) => {
    const current = open.at(-1)
    if (current && !dropping() && TEXT_ELEMENTS.has(current)) out.push(escapeXml(text))
  })
  parser.on('closetag', () => {
    const name = open.pop()
    if (name) out.push(`</${name}>`)
  })
  try {
    parser.write(source).close()
  } catch {
    // Malformed, outside the bounds, or not an SVG: the placeholder serves instead.
    return undefined
  }
  return sawRoot ? out.join('') : undefined
}
