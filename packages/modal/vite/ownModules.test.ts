import { describe, expect, it } from 'vitest'
import { ownModules } from './ownModules.js'

const CORE = '/repo/node_modules/@walletconnect/core/dist/index.js'
const resolve = ownModules().resolveId as (source: string, importer?: string) => string | null

describe("the modal's own modules in WalletConnect's imports", () => {
  it.each([
    ['@walletconnect/keyvaluestorage', 'keyValueStorage.ts'],
    ['events', 'eventEmitter.ts'],
    ['detect-browser', 'detectBrowser.ts'],
    ['es-toolkit/compat', 'isEqual.ts'],
    ['ox', 'signatureRecovery.ts'],
  ])("resolves %s to vite/%s for WalletConnect's modules only", (source, own) => {
    expect(resolve(source, CORE)).toMatch(new RegExp(`modal/vite/${own.replace('.', '\\.')}$`))
    expect(resolve(source, '/repo/src/main.ts')).toBeNull()
  })

  it('leaves other packages alone', () => {
    expect(resolve('@walletconnect/time', CORE)).toBeNull()
  })
})
