import * as generated from '@allaccess/chain/deployments'
import { describe, expect, it } from 'vitest'
import { passAbi } from './abis'

/** An ABI item without `internalType`, which is only the compiler's documentation. */
function withoutInternalTypes(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutInternalTypes)
  if (typeof value !== 'object' || value === null) return value
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key !== 'internalType')
      .map(([key, inner]) => [key, withoutInternalTypes(inner)]),
  )
}

describe.each([['AllAccessPass', passAbi, generated.allAccessPassAbi]] as const)(
  'the page’s %s ABI',
  (_, picked, whole) => {
    it.each(picked.map((item) => [item.name, item] as const))(
      '%s matches the compiled contract',
      (name, item) => {
        const compiled = whole.find((candidate) => 'name' in candidate && candidate.name === name)
        expect(withoutInternalTypes(compiled)).toEqual(item)
      },
    )
  },
)
