import { describe, expect, it } from 'vitest'
import { caretMajors } from './reactPeers'

describe('caretMajors', () => {
  it("reads the majors of the modal's React range, and refuses a form it can't read", () => {
    expect(caretMajors('^18.0.0 || ^19.0.0')).toEqual([18, 19])
    expect(() => caretMajors('>=18')).toThrow("'>=18' is not a list of caret ranges (^18.0.0 || ^19.0.0)")
    expect(() => caretMajors('')).toThrow('is not a list of caret ranges')
  })
})
