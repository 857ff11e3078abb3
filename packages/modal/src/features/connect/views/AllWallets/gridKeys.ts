/** Rows a Page Up / Page Down moves: about one screen of the grid. */
const PAGE_ROWS = 4

/**
 * Where a key moves focus in a grid of `count` tiles, `columns` wide (the ARIA grid pattern's keys);
 * undefined for keys the grid leaves alone. Down from the last full row lands on the last tile.
 */
export function nextGridIndex(
  key: string,
  index: number,
  count: number,
  columns: number,
  ctrlKey = false,
): number | undefined {
  if (count === 0) return undefined
  const last = count - 1
  const rowStart = index - (index % columns)
  const clamp = (target: number) => Math.min(Math.max(target, 0), last)
  switch (key) {
    case 'ArrowRight':
      return clamp(index + 1)
    case 'ArrowLeft':
      return clamp(index - 1)
    case 'ArrowDown':
      return rowStart + columns <= last ? clamp(index + columns) : index
    case 'ArrowUp':
      return index - columns >= 0 ? index - columns : index
    case 'Home':
      return ctrlKey ? 0 : rowStart
    case 'End':
      return ctrlKey ? last : clamp(rowStart + columns - 1)
    case 'PageDown':
      return rowStart + columns <= last ? clamp(index + columns * PAGE_ROWS) : index
    case 'PageUp':
      return Math.max(index - columns * PAGE_ROWS, index % columns)
    default:
      return undefined
  }
}
