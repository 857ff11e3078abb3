import { expect, it } from 'vitest'
import budgets from '../budgets.json' with { type: 'json' }

it("pins the page's budgets, named once in budgets.json (spec: the first load ≤ 90 KiB gzip)", () => {
  expect(budgets).toEqual({ firstLoadKiB: 90, allChunksKiB: 250 })
})
