import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { profileWalletsCss } from './profileWallets.css'

// A view's styles stay in the modal's shadow root once shown: a class this view defines that another view's
// styles define too is laid out by both (AllWallets' `.wallet-row` once broke these rows after a QR pairing).

const FEATURES = new URL('../../../', import.meta.url).pathname
const classesOf = (css: string) => new Set([...css.matchAll(/\.([a-z][\w-]*)/g)].map((match) => match[1]))

function otherViewsCss(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name)
    if (entry.isDirectory()) return entry.name === 'profileWallets' ? [] : otherViewsCss(path)
    return entry.name.endsWith('.css.ts') ? [readFileSync(path, 'utf8')] : []
  })
}

describe("the Wallets view's styles", () => {
  it("define only classes of their own (the shell's shared ones aside)", () => {
    const own = [...classesOf(profileWalletsCss)].filter((name) => name?.startsWith('profile-wallet'))
    expect(own.length).toBeGreaterThan(5)
    const elsewhere = new Set(otherViewsCss(FEATURES).flatMap((css) => [...classesOf(css)]))
    expect(own.filter((name) => elsewhere.has(name))).toEqual([])
    // Every class the view adds beyond the shell's is its own.
    const shell = ['row-button', 'secondary-button', 'list', 'stack', 'icon', 'muted', 'error', 'sr-only']
    const foreign = [...classesOf(profileWalletsCss)].filter(
      (name) => name && !name.startsWith('profile-wallet') && !shell.includes(name),
    )
    expect(foreign).toEqual([])
  })
})
