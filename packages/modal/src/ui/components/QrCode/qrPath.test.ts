import { create } from 'qrcode'
import { describe, expect, it } from 'vitest'
import { qrPath } from './qrPath'

const uri =
  'wc:2f7b3c1a9e5d4f6b8a0c2e4d6f8a0b2c4d6e8f0a1b3c5d7e9f1a3b5c7d9e1f3a@2?relay-protocol=irn&symKey=8c3a0b6e2d4f6a8c0e2a4c6e8a0c2e4a6c8e0a2c4e6a8c0e2a4c6e8a0c2e4a6c&expiryTimestamp=1760000000'

/** The dark modules a path draws, as "row,col" keys. */
const drawn = (path: string) =>
  new Set([...path.matchAll(/M(\d+) (\d+)h1v1h-1z/g)].map(([, col, row]) => `${row},${col}`))

describe('QR code of a pairing link', () => {
  it('draws exactly the dark modules of the code, finder patterns in three corners', () => {
    const { size, path } = qrPath(uri)
    const { modules } = create(uri, { errorCorrectionLevel: 'H' })
    expect(size).toBe(modules.size)
    const cells = drawn(path)
    let dark = 0
    for (let row = 0; row < size; row++)
      for (let col = 0; col < size; col++) if (modules.get(row, col)) dark++
    expect(cells.size).toBe(dark)
    for (const [row, col] of [
      [0, 0],
      [0, size - 7],
      [size - 7, 0],
    ] as const) {
      expect(cells.has(`${row},${col}`)).toBe(true)
      expect(cells.has(`${row + 6},${col + 6}`)).toBe(true)
    }
  })

  it('leaves a centred square blank for the icon, no more than a quarter of the width', () => {
    const full = qrPath(uri)
    const withIcon = qrPath(uri, { iconSpace: true })
    const middle = (full.size - 1) / 2
    const kept = drawn(withIcon.path)
    const fullCells = drawn(full.path)
    const cleared = [...fullCells].filter((cell) => !kept.has(cell))
    expect(cleared.length).toBeGreaterThan(0)
    const reach = Math.max(
      ...cleared.flatMap((cell) => cell.split(',').map((part) => Math.abs(Number(part) - middle))),
    )
    expect(2 * reach + 1).toBeLessThanOrEqual(full.size / 4)
    for (let row = middle - reach; row <= middle + reach; row++)
      for (let col = middle - reach; col <= middle + reach; col++)
        expect(kept.has(`${row},${col}`)).toBe(false)
    expect([...kept].every((cell) => fullCells.has(cell))).toBe(true)
  })
})
