import { describe, expect, it } from 'vitest'
import { nestsDeeperThan } from './json-body.js'

describe('nestsDeeperThan', () => {
  it('counts arrays and objects, not brackets inside strings', () => {
    expect(nestsDeeperThan('[[1]]', 2)).toBe(false)
    expect(nestsDeeperThan('[[[1]]]', 2)).toBe(true)
    expect(nestsDeeperThan('{"a":{"b":[]}}', 3)).toBe(false)
    expect(nestsDeeperThan('{"a":{"b":[{}]}}', 3)).toBe(true)
    expect(nestsDeeperThan('["[[[[", "\\"[[[["]', 1)).toBe(false)
    expect(nestsDeeperThan(`${'['.repeat(100_000)}${']'.repeat(100_000)}`, 64)).toBe(true)
  })
})
