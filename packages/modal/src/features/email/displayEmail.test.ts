import { describe, expect, it } from 'vitest'
import { displayEmail } from './displayEmail'

describe('displayEmail', () => {
  it('shows an e-mail of up to 30 characters whole', () => {
    expect(displayEmail('ada@example.com')).toBe('ada@example.com')
    const thirty = `${'a'.repeat(18)}@example.com`
    expect(thirty).toHaveLength(30)
    expect(displayEmail(thirty)).toBe(thirty)
  })

  it('cuts a longer one by 3 characters and ends it with an ellipsis', () => {
    expect(displayEmail(`${'b'.repeat(19)}@example.com`)).toBe(`${'b'.repeat(19)}@example....`)
  })
})
