const ICON_SIZE = 96

/** Up to two initials: first letters of the first two words, else the first two characters of one word. */
export function monogramInitials(name: string): string {
  const words = name
    .trim()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0)
  const [first, second] = words
  if (first === undefined) return '?'
  const letters = second === undefined ? [...first].slice(0, 2) : [[...first][0], [...second][0]]
  return letters.join('').toUpperCase()
}

/** FNV-1a, 32 bit: a small stable hash so that one seed always gets the same colour. */
function hashOf(text: string): number {
  let hash = 0x811c9dc5
  for (const unit of new TextEncoder().encode(text)) {
    hash ^= unit
    hash = Math.imul(hash, 0x01000193) >>> 0
  }
  return hash
}

/** A mid-dark colour (lightness 36–45 %) so white initials keep a readable contrast. */
export function monogramColour(seed: string): string {
  const hash = hashOf(seed)
  const hue = hash % 360
  const saturation = 55 + ((hash >>> 9) % 25)
  const lightness = 36 + ((hash >>> 17) % 10)
  return `hsl(${hue} ${saturation}% ${lightness}%)`
}

export function escapeXml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&apos;')
}

/**
 * A square SVG icon with the wallet's initials on a colour derived from `seed` (the name by default),
 * for wallets that have no packaged logo.
 */
export function monogramSvg(name: string, seed: string = name): string {
  const initials = escapeXml(monogramInitials(name))
  const fontSize = initials.length > 1 ? 38 : 46
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${ICON_SIZE}" height="${ICON_SIZE}" viewBox="0 0 ${ICON_SIZE} ${ICON_SIZE}" role="img" aria-label="${escapeXml(name)}">`,
    `<rect width="${ICON_SIZE}" height="${ICON_SIZE}" rx="20" fill="${monogramColour(seed)}"/>`,
    `<text x="50%" y="50%" dy=".35em" text-anchor="middle" font-family="system-ui,-apple-system,'Segoe UI',sans-serif" font-size="${fontSize}" font-weight="600" fill="#ffffff">${initials}</text>`,
    '</svg>',
  ].join('')
}
