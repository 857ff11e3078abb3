import { ERROR_CODES } from '@allaccess/protocol'
import { expect } from 'vitest'

const CODES: readonly string[] = Object.values(ERROR_CODES)
const deepArray = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`
const deepObject = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`
/** Values of the wrong type for any field. */
const WRONG_TYPES: unknown[] = [
  null,
  true,
  0,
  -1,
  1e308,
  '',
  'x'.repeat(70_000),
  [],
  [1, 'a'],
  {},
  { a: { b: [] } },
]

/**
 * Bodies that break a route's schema on purpose, built from one `valid` body: deep nesting (arrays and objects,
 * 10,000 levels), every field in turn of every wrong type (an oversized string among them), unknown and
 * prototype-polluting keys, and not JSON at all. Each as sent on the wire, with what it is.
 */
export function badBodies(valid: Record<string, unknown>): [string, string][] {
  const bodies: [string, string][] = [
    ['deep array', deepArray(10_000)],
    ['deep object', deepObject(10_000)],
    [
      'deep field',
      JSON.stringify({ ...valid, [Object.keys(valid)[0] ?? 'a']: 0 }).replace('0', deepObject(5000)),
    ],
    ['not JSON', '{"a":'],
    ['a JSON string', '"text"'],
    ['an array of the body', JSON.stringify([valid, valid])],
    [
      'prototype keys',
      `{"__proto__":{"admin":true},"constructor":{"prototype":{"a":1}},${JSON.stringify(valid).slice(1)}`,
    ],
  ]
  for (const [key, value] of Object.entries(valid)) {
    // The other boolean is a valid body (a `wait: true` would hold the request), not a bad one.
    const wrongs = WRONG_TYPES.filter((wrong) => typeof value !== 'boolean' || typeof wrong !== 'boolean')
    for (const wrong of wrongs)
      bodies.push([
        `${key} = ${JSON.stringify(wrong)?.slice(0, 20)}`,
        JSON.stringify({ ...valid, [key]: wrong }),
      ])
  }
  return bodies
}

/** Query strings a route must refuse or ignore cleanly: repeated, oversized, deeply bracketed, many keys. */
export function badQueries(base: string): string[] {
  const extra = [
    'projectId=a&projectId=b&st=1&st=2&sv=1&sv=2',
    `projectId=${'x'.repeat(5000)}`,
    `${'a['.repeat(500)}b${']'.repeat(500)}=1`,
    'x[]=1&x[y]=2&__proto__[a]=1&constructor[prototype][a]=1',
    Array.from({ length: 500 }, (_, i) => `k${i}=${i}`).join('&'),
    '%ff=%fe&%00=%00',
  ]
  return extra.map((query) => (base ? `${base}&${query}` : query))
}

/** The rule for every answer to bad input: below 500, and a 4xx carries `{ code, message }` with a stable code. */
export async function expectCleanRefusal(response: Response, what: string): Promise<void> {
  expect(response.status, what).toBeLessThan(500)
  if (response.status < 400) return void (await response.arrayBuffer())
  const body = (await response.json()) as { code?: unknown; message?: unknown }
  expect(CODES, what).toContain(body.code)
  expect(typeof body.message, what).toBe('string')
}
