import { z } from 'zod'

/**
 * PostgreSQL refuses NUL characters and unpaired surrogates in text and jsonb; such input is rejected
 * at the edge so that it can never turn into a database error.
 */
export function isStorableText(text: string): boolean {
  return !text.includes('\u0000') && text.isWellFormed()
}

export const storableText = (max: number) =>
  z.string().max(max).refine(isStorableText, 'must be well-formed text without NUL characters')

/** Whether a parsed JSON value fits in jsonb: storable strings and keys, bounded nesting. */
export function isStorableJson(value: unknown, maxDepth: number): boolean {
  if (typeof value === 'string') return isStorableText(value)
  if (value === null || typeof value !== 'object') return true
  if (maxDepth <= 0) return false
  if (Array.isArray(value)) return value.every((item) => isStorableJson(item, maxDepth - 1))
  return Object.entries(value).every(
    ([key, item]) => isStorableText(key) && isStorableJson(item, maxDepth - 1),
  )
}
