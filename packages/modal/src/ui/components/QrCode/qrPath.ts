import { create } from 'qrcode'

export type QrPath = { size: number; path: string }

/** Share of the code's width left blank in the middle for the wallet's icon; level H recovers 30 %. */
const ICON_SHARE = 0.22

/**
 * A QR code as one SVG path in module units (1 module = 1 unit): drawn with attributes only, so it needs no
 * inline style and renders under a strict `style-src 'self'`. With `iconSpace` the middle is left blank.
 */
export function qrPath(text: string, { iconSpace = false }: { iconSpace?: boolean } = {}): QrPath {
  const { modules } = create(text, { errorCorrectionLevel: 'H' })
  const { size } = modules
  // An odd blank square centred on the middle module, so the icon sits exactly in the centre.
  const blank = iconSpace ? Math.floor((size * ICON_SHARE) / 2) * 2 + 1 : 0
  const from = (size - blank) / 2
  const isBlank = (row: number, col: number) =>
    row >= from && row < from + blank && col >= from && col < from + blank
  let path = ''
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size; col++) {
      if (modules.get(row, col) && !isBlank(row, col)) path += `M${col} ${row}h1v1h-1z`
    }
  }
  return { size, path }
}
