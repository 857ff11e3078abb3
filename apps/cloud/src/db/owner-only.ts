import { chmodSync, readdirSync } from 'node:fs'
import { join } from 'node:path'

/** The data folder's files and folders: the owner's alone (they are the database, its lock and the admin endpoint). */
const OWNER_ONLY_FILE = 0o600
const OWNER_ONLY_FOLDER = 0o700

/**
 * For the entry points (server, CLI): every file this process creates afterwards is its owner's alone, the files
 * PGlite adds as the database grows included. Not callable in a worker thread (tests rely on `restrictToOwner`).
 */
export function createOwnerOnlyFiles(): void {
  process.umask(0o077)
}

/**
 * Makes `folder` and everything in it its owner's alone: PGlite's initdb writes its ~1,000 files world-writable
 * (0666) whatever the umask, and a folder made by an earlier version may be looser.
 */
export function restrictToOwner(folder: string): void {
  chmodSync(folder, OWNER_ONLY_FOLDER)
  for (const entry of readdirSync(folder, { recursive: true, withFileTypes: true })) {
    const path = join(entry.parentPath, entry.name)
    if (entry.isDirectory()) chmodSync(path, OWNER_ONLY_FOLDER)
    else if (entry.isFile()) chmodSync(path, OWNER_ONLY_FILE)
  }
}
