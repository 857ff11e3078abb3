/**
 * The stand-in for a wallet without a usable image: initials on a colour derived from the wallet id. The cloud
 * draws it into the SVG it serves for wallets without a packaged logo; the modal draws it while an image is
 * missing or late. One rule, so a wallet looks the same in both.
 */

/** Saturation and lightness of every monogram (HSL): mid-dark, so white initials stay readable. */
export const MONOGRAM_SATURATION = 55
export const MONOGRAM_LIGHTNESS = 40

/** Up to two initials: the first letters of the first two words, else the first two characters of one word. */
export function monogramInitials(name: string): string {
  const words = name.split(/[^\p{L}\p{N}]+/u).filter(Boolean)
  const [first, second] = words
  if (!first) return '?'
  const letters = second ? [[...first][0], [...second][0]] : [...first].slice(0, 2)
  return letters.join('').toUpperCase()
}

/** A stable hue (0–359) per seed: FNV-1a (32 bit) over the seed's code points. */
export function monogramHue(seed: string): number {
  let hash = 0x811c9dc5
  for (const char of seed) {
    hash ^= char.codePointAt(0) ?? 0
    hash = Math.imul(hash, 0x01000193) >>> 0
  }
  return hash % 360
}

/** The monogram's colour for a seed (the wallet id), as a CSS colour. */
export function monogramColour(seed: string): string {
  return `hsl(${monogramHue(seed)} ${MONOGRAM_SATURATION}% ${MONOGRAM_LIGHTNESS}%)`
}
