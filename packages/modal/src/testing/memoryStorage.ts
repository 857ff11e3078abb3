/**
 * A browser's local storage for tests, over a map the test can read and seed: what the modal keeps is checked
 * without a DOM.
 */
export function memoryStorage(map = new Map<string, string>()): Storage {
  return {
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
  } as Storage
}
