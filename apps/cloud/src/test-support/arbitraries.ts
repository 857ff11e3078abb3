import fc from 'fast-check'

/** Any UTF-16 code unit, with the troublemakers (NUL, lone surrogates, separators) over-represented. */
const nastyUnit = fc.oneof(
  { weight: 3, arbitrary: fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '\u0000',
      '\ud800',
      '\udfff',
      '%',
      '&',
      '=',
      ',',
      '+',
      '#',
      '?',
      '/',
      '.',
      ' ',
    ),
  },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 1 }) },
)
export const nastyString = (maxLength = 40) => fc.string({ unit: nastyUnit, maxLength })

/** URL-encodes what can be encoded; lone surrogates become raw invalid UTF-8 bytes. */
function encodeLoosely(text: string): string {
  return [...text]
    .map((char) => {
      try {
        return encodeURIComponent(char)
      } catch {
        return '%ED%A0%80'
      }
    })
    .join('')
}

const rawPercent = fc
  .array(fc.integer({ min: 0, max: 255 }), { maxLength: 8 })
  .map((bytes) => bytes.map((b) => `%${b.toString(16).padStart(2, '0')}`).join(''))

const specialValue = fc.constantFrom(
  '',
  '0',
  '-1',
  '1.5',
  '1e309',
  'NaN',
  'Infinity',
  '99999999999999999999',
  'allaccess-local',
  'eip155:31337',
  'eip155:1',
  '__proto__',
  'constructor',
  'true',
  '%ZZ',
  'metamask,trust,,',
  'x'.repeat(300),
)

export const queryValue = fc.oneof(nastyString().map(encodeLoosely), rawPercent, specialValue)

const queryKey = fc.constantFrom(
  'projectId',
  'st',
  'sv',
  'page',
  'entries',
  'search',
  'badge_type',
  'include',
  'exclude',
  'chains',
  'rdns',
  'names',
  'chainId',
  'cursor',
  'currency',
  'forceUpdate',
  'sender',
  '__proto__',
  'constructor',
  'x',
)

/** A query string that usually names the local project, so validation past the key is reached too. */
export const queryString = fc
  .tuple(fc.boolean(), fc.array(fc.tuple(queryKey, queryValue), { maxLength: 8 }))
  .map(([named, pairs]) =>
    [...(named ? ['projectId=allaccess-local'] : []), ...pairs.map(([key, value]) => `${key}=${value}`)].join(
      '&',
    ),
  )

const headerSafe = fc
  .string({ unit: 'binary-ascii', maxLength: 60 })
  .map((text) => text.replace(/[^\x20-\x7e]/g, ''))

export const headers = fc.record(
  {
    origin: fc.oneof(
      fc.constantFrom('http://localhost:5173', 'https://evil.example', 'null', 'http://[::1]:1', ''),
      headerSafe,
    ),
    'x-project-id': fc.oneof(fc.constantFrom('allaccess-local', 'nope', ''), headerSafe),
    'x-sdk-type': headerSafe,
    'x-sdk-version': headerSafe,
  },
  { requiredKeys: [] },
)

/** JSON whose strings may hold NUL and lone surrogates. */
export const nastyJson = fc.jsonValue({ maxDepth: 4, stringUnit: nastyUnit })

/** A valid object with some fields replaced by arbitrary JSON or removed. */
export function mutated<T extends Record<string, unknown>>(valid: fc.Arbitrary<T>) {
  return fc
    .tuple(valid, fc.array(fc.tuple(fc.nat(), fc.option(nastyJson, { nil: undefined })), { maxLength: 3 }))
    .map(([value, edits]) => {
      const keys = Object.keys(value)
      const copy: Record<string, unknown> = { ...value }
      for (const [index, replacement] of edits) {
        const key = keys[index % keys.length] as string
        if (replacement === undefined) delete copy[key]
        else copy[key] = replacement
      }
      return copy
    })
}

/** A body as sent on the wire: JSON of a (possibly mutated) value, or raw text that may not be JSON. */
export function wireBody(value: fc.Arbitrary<unknown>) {
  return fc.oneof(
    { weight: 4, arbitrary: value.map((v) => JSON.stringify(v) ?? 'null') },
    { weight: 1, arbitrary: nastyString(80) },
    { weight: 1, arbitrary: nastyJson.map((v) => JSON.stringify(v)) },
  )
}

export const contentType = fc.oneof(
  { weight: 6, arbitrary: fc.constant('application/json') },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      'text/plain',
      'text/plain;charset=utf-8',
      'application/x-www-form-urlencoded',
      'application/octet-stream',
      'application/json; charset=latin1',
      '',
    ),
  },
)
