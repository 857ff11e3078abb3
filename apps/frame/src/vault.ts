/**
 * What the frame keeps in its own origin's IndexedDB: the browser's device id and device key (a non-extractable
 * CryptoKey), the session token, the device share of each wallet used here and the permissions its user granted
 * to sites. The host page's origin cannot read another origin's storage, which is why these live here and nowhere
 * else (docs/embedded-wallet.md#storage).
 */
export type Vault = {
  get<T>(key: VaultKey): Promise<T | undefined>
  set(key: VaultKey, value: unknown): Promise<void>
  delete(key: VaultKey): Promise<void>
  /**
   * Reads, changes and writes one value in a single transaction, so no other frame or tab of this origin can come
   * in between; `change` runs synchronously on what is stored and may throw to change nothing.
   */
  update<T, R>(key: VaultKey, change: (current: T | undefined) => { value?: T; result: R }): Promise<R>
}

export type VaultKey =
  | 'deviceId'
  | 'deviceKey'
  | 'session'
  | 'permissions'
  | `share:${string}`
  | `accountType:${string}`

/** Whom a vault serves: the project and the host page (site) that embed the frame. */
export type VaultScope = { projectId: string; hostOrigin: string }

const DB_NAME = 'allaccess-embedded-wallet'
const STORE = 'vault'

/**
 * The vault of `scope`: one database per project and host site, so that another project (or site) embedding this
 * frame finds no session, device or share of this one (docs/embedded-wallet.md#storage). The frame always passes
 * its scope; tests of one browser may leave it out.
 */
export function openVault(indexedDB: IDBFactory = globalThis.indexedDB, scope?: VaultScope): Vault {
  const name = scope ? `${DB_NAME} ${JSON.stringify([scope.projectId, scope.hostOrigin])}` : DB_NAME
  let opening: Promise<IDBDatabase> | undefined
  const database = () => {
    opening ??= new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(name, 1)
      request.onupgradeneeded = () => request.result.createObjectStore(STORE)
      request.onsuccess = () => resolve(request.result)
      request.onerror = () => reject(request.error)
    })
    return opening
  }
  const run = async <T>(mode: IDBTransactionMode, act: (store: IDBObjectStore) => IDBRequest) => {
    const db = await database()
    return new Promise<T>((resolve, reject) => {
      const transaction = db.transaction(STORE, mode)
      const request = act(transaction.objectStore(STORE))
      transaction.oncomplete = () => resolve(request.result as T)
      transaction.onerror = () => reject(transaction.error)
      transaction.onabort = () => reject(transaction.error)
    })
  }
  return {
    get: (key) => run('readonly', (store) => store.get(key)),
    set: async (key, value) => {
      await run('readwrite', (store) => store.put(value, key))
    },
    delete: async (key) => {
      await run('readwrite', (store) => store.delete(key))
    },
    async update<T, R>(key: VaultKey, change: (current: T | undefined) => { value?: T; result: R }) {
      const db = await database()
      return new Promise<R>((resolve, reject) => {
        const transaction = db.transaction(STORE, 'readwrite')
        const store = transaction.objectStore(STORE)
        let outcome: { ok: true; result: R } | { ok: false; error: unknown } | undefined
        const read = store.get(key)
        read.onsuccess = () => {
          try {
            const { value, result } = change(read.result as T | undefined)
            if (value !== undefined) store.put(value, key)
            outcome = { ok: true, result }
          } catch (error) {
            outcome = { ok: false, error }
            transaction.abort()
          }
        }
        transaction.oncomplete = () => (outcome?.ok ? resolve(outcome.result) : reject(transaction.error))
        transaction.onabort = () => reject(outcome && !outcome.ok ? outcome.error : transaction.error)
        transaction.onerror = () => reject(transaction.error)
      })
    },
  }
}

export const shareKey = (address: string): VaultKey => `share:${address.toLowerCase()}`
