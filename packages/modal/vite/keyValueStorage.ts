import { safeJsonStringify } from '@walletconnect/safe-json'

/** Where `@walletconnect/keyvaluestorage` keeps a browser's sessions: kept, so stored sessions survive the swap. */
export const DATABASE = 'WALLET_CONNECT_V2_INDEXED_DB'
export const STORE = 'keyvaluestorage'

/**
 * The package's keys went through unstorage, which writes `a//b` as `a:b`: the same rule here finds the same
 * records.
 */
export function storedKey(key: string): string {
  return key.split('?')[0]?.replace(/[/\\]/g, ':').replace(/:+/g, ':').replace(/^:|:$/g, '') ?? ''
}

/**
 * Values are stored as the package wrote them: the JSON text (bigints as `"12n"`), strings as they are. Read back,
 * JSON is parsed (without `__proto__` keys, as unstorage's `destr` drops them) and anything else is the string.
 */
export function parseStored(text: unknown): unknown {
  if (typeof text !== 'string') return text
  try {
    return JSON.parse(text, (key, value) => (key === '__proto__' ? undefined : value))
  } catch {
    return text
  }
}

const settle = <T>(request: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error)
  })

/**
 * WalletConnect's key-value storage on IndexedDB alone, in place of `@walletconnect/keyvaluestorage` (unstorage,
 * `destr` and `idb-keyval` behind it, ~4 KiB gzip): the same database, store, keys and values.
 */
export class KeyValueStorage {
  private database: Promise<IDBDatabase> | undefined

  private open(): Promise<IDBDatabase> {
    if (this.database) return this.database
    const request = indexedDB.open(DATABASE)
    request.onupgradeneeded = () => request.result.createObjectStore(STORE)
    const database = settle(request)
    this.database = database
    database.then(
      // Safari may close the connection under us: the next call opens it again.
      (opened) => {
        opened.onclose = () => {
          this.database = undefined
        }
      },
      () => {
        this.database = undefined
      },
    )
    return database
  }

  private async store(mode: IDBTransactionMode): Promise<IDBObjectStore> {
    return (await this.open()).transaction(STORE, mode).objectStore(STORE)
  }

  async getKeys(): Promise<string[]> {
    return (await settle((await this.store('readonly')).getAllKeys())).map(String)
  }

  async getEntries<T = unknown>(): Promise<[string, T][]> {
    const store = await this.store('readonly')
    const [keys, values] = await Promise.all([settle(store.getAllKeys()), settle(store.getAll())])
    return keys.map((key, index) => [String(key), parseStored(values[index]) as T])
  }

  async getItem<T = unknown>(key: string): Promise<T | undefined> {
    const text = await settle((await this.store('readonly')).get(storedKey(key)))
    return text === undefined || text === null ? undefined : (parseStored(text) as T)
  }

  async setItem<T = unknown>(key: string, value: T): Promise<void> {
    await settle((await this.store('readwrite')).put(safeJsonStringify(value), storedKey(key)))
  }

  async removeItem(key: string): Promise<void> {
    await settle((await this.store('readwrite')).delete(storedKey(key)))
  }
}

export default KeyValueStorage
