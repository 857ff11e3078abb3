import { monogramColour, monogramInitials } from '@allaccess/protocol'

const ICON_SIZE = 96

export function escapeXml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&apos;')
}

/**
 * A square SVG icon with the wallet's initials on a colour derived from `seed` (the name by default), for
 * wallets that have no packaged logo: the monogram rule of @allaccess/protocol, so the modal's stand-in tile
 * for the same wallet id looks the same.
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
