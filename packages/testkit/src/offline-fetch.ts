/**
 * Makes `fetch` refuse every host but 127.0.0.1 (the test's own servers), the way an offline machine would,
 * and records each refused origin: a test asserts `refused` is empty (or names what may try), then restores.
 */
export function refuseOutsideFetch(): { refused: string[]; restore(): void } {
  const realFetch = globalThis.fetch
  const refused: string[] = []
  globalThis.fetch = (async (input: Parameters<typeof fetch>[0], init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input))
    if (url.hostname !== '127.0.0.1') {
      refused.push(url.origin)
      throw new Error(`offline test: refused ${url.origin}`)
    }
    return realFetch(input, init)
  }) as typeof fetch
  return {
    refused,
    restore: () => {
      globalThis.fetch = realFetch
    },
  }
}
