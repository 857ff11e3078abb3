import { describe, expect, it } from 'vitest'
import { nextGridIndex } from './gridKeys'

// 10 tiles, 4 wide:  0 1 2 3 / 4 5 6 7 / 8 9
const move = (key: string, index: number, ctrlKey = false) => nextGridIndex(key, index, 10, 4, ctrlKey)

describe('All Wallets grid keys', () => {
  it('arrows move by one tile sideways and one row up or down, stopping at the edges', () => {
    expect(move('ArrowRight', 0)).toBe(1)
    expect(move('ArrowRight', 3)).toBe(4)
    expect(move('ArrowRight', 9)).toBe(9)
    expect(move('ArrowLeft', 0)).toBe(0)
    expect(move('ArrowDown', 1)).toBe(5)
    expect(move('ArrowUp', 5)).toBe(1)
    expect(move('ArrowUp', 2)).toBe(2)
  })

  it('down into a short last row lands on its last tile; down from the last row stays', () => {
    expect(move('ArrowDown', 7)).toBe(9)
    expect(move('ArrowDown', 9)).toBe(9)
  })

  it('Home and End go to the row ends, with Ctrl to the first and last tile', () => {
    expect(move('Home', 6)).toBe(4)
    expect(move('End', 5)).toBe(7)
    expect(move('End', 8)).toBe(9)
    expect(move('Home', 6, true)).toBe(0)
    expect(move('End', 1, true)).toBe(9)
  })

  it('Page keys move several rows, keeping the column where they can', () => {
    expect(nextGridIndex('PageDown', 1, 100, 4)).toBe(17)
    expect(nextGridIndex('PageUp', 17, 100, 4)).toBe(1)
    expect(nextGridIndex('PageUp', 5, 100, 4)).toBe(1)
  })

  it('leaves other keys and empty grids alone', () => {
    expect(move('Enter', 3)).toBeUndefined()
    expect(move('a', 3)).toBeUndefined()
    expect(nextGridIndex('ArrowRight', 0, 0, 4)).toBeUndefined()
  })
})
