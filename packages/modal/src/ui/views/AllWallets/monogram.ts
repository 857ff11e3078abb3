/** Up to two initials for a wallet without a usable image: the first letters of its first two words. */
export function monogramInitials(name: string): string {
  const words = name.split(/[^\p{L}\p{N}]+/u).filter(Boolean)
  const [first, second] = words
  if (!first) return '?'
  const letters = second ? [[...first][0], [...second][0]] : [...first].slice(0, 2)
  return letters.join('').toUpperCase()
}

/** A stable hue per wallet id, so a wallet's fallback tile looks the same on every visit. */
export function monogramHue(seed: string): number {
  let hash = 0
  for (const char of seed) hash = (Math.imul(hash, 31) + (char.codePointAt(0) ?? 0)) >>> 0
  return hash % 360
}
