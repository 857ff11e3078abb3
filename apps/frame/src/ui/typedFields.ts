/**
 * A typed-data message as labelled fields (issue 31 #10: the names signature showed raw JSON): each field its name
 * and value, a struct's fields under its name, a list's entries numbered. Nothing is left out or shortened: what the
 * user approves is what is signed.
 */
export type TypedField = { label: string; depth: number; value: string | null }

/** The longest nesting shown as fields; deeper parts are shown as their JSON (typed data is rarely deeper). */
const MAX_DEPTH = 6

const scalar = (value: unknown): string =>
  value === null || value === undefined ? 'Empty' : typeof value === 'string' ? value : JSON.stringify(value)

export function typedFields(message: Record<string, unknown>, depth = 0): TypedField[] {
  const fields: TypedField[] = []
  for (const [label, value] of Object.entries(message)) {
    if (value !== null && typeof value === 'object' && depth < MAX_DEPTH) {
      fields.push({ label, depth, value: null })
      const entries = Array.isArray(value)
        ? Object.fromEntries(value.map((item, index) => [`#${index + 1}`, item]))
        : (value as Record<string, unknown>)
      if (Object.keys(entries).length === 0) fields.push({ label: '', depth: depth + 1, value: 'Empty' })
      fields.push(...typedFields(entries, depth + 1))
    } else fields.push({ label, depth, value: scalar(value) })
  }
  return fields
}
