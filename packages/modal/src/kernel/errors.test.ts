import { describe, expect, it } from 'vitest'
import { ConnectionErrorText, ModalError, ThemeErrorText, WalletErrorText } from './errors'

describe('ModalError', () => {
  it('carries a stable code, the exact catalogue text and the cause', () => {
    const cause = new Error('provider said no')
    const error = new ModalError(WalletErrorText.providerUndefined, { cause })
    expect(error).toMatchObject({ code: 'providerUndefined', text: 'provider is undefined', cause })
    expect(error.message).toBe('provider is undefined')
    expect(new ModalError(ConnectionErrorText.modalClosed).code).toBe('modalClosed')
  })

  it('every text of the catalogue has its own code', () => {
    const texts = [ConnectionErrorText, WalletErrorText, ThemeErrorText].flatMap(Object.values)
    const codes = texts.map((text) => new ModalError(text).code)
    expect(new Set(codes).size).toBe(texts.length)
  })
})
