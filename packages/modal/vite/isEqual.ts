/**
 * Deep equality of the JSON-like records WalletConnect's stores filter on (`getAll({ topic })` and the like), in
 * place of `es-toolkit/compat` (~1 KiB gzip): primitives by SameValueZero, arrays and plain objects by their
 * entries, anything else by identity.
 */
export function isEqual(a: unknown, b: unknown): boolean {
  if (a === b || (Number.isNaN(a) && Number.isNaN(b))) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  if (Array.isArray(a) || Array.isArray(b)) {
    return (
      Array.isArray(a) &&
      Array.isArray(b) &&
      a.length === b.length &&
      a.every((item, index) => isEqual(item, b[index]))
    )
  }
  if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b) || !isPlain(a)) return false
  const keys = Object.keys(a)
  return (
    keys.length === Object.keys(b).length &&
    keys.every((key) => Object.hasOwn(b, key) && isEqual(a[key as keyof typeof a], b[key as keyof typeof b]))
  )
}

const isPlain = (value: object) => [Object.prototype, null].includes(Object.getPrototypeOf(value))
