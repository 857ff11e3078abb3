import { describe, expect, it } from 'vitest'
import {
  ConnectionErrorText,
  defineErrors,
  KernelError,
  ModalError,
  ThemeErrorText,
  WalletErrorText,
} from './errors'

describe('the one error base', () => {
  it('carries a stable code, the exact catalogue text and the cause', () => {
    const cause = new Error('provider said no')
    const error = new KernelError('providerUndefined', { cause })
    expect(error).toMatchObject({ code: 'providerUndefined', text: 'provider is undefined', cause })
    expect(error.message).toBe('provider is undefined')
    expect(error.name).toBe('ModalError')
    expect(new KernelError('modalClosed').text).toBe(ConnectionErrorText.modalClosed)
  })

  it('every text of the catalogue has its own code', () => {
    const catalogue = { ...ConnectionErrorText, ...WalletErrorText, ...ThemeErrorText }
    expect(Object.keys(KernelError.texts)).toEqual(Object.keys(catalogue))
    expect(new Set(Object.values(KernelError.texts)).size).toBe(Object.keys(catalogue).length)
  })

  it('defineErrors makes a catalogue whose errors are ModalErrors with its name', () => {
    const GreetingError = defineErrors('GreetingError', { shy: 'Too shy to say hello' })
    const error = new GreetingError('shy')
    expect(error).toBeInstanceOf(ModalError)
    expect(error).toBeInstanceOf(GreetingError)
    expect(error).toMatchObject({ name: 'GreetingError', code: 'shy', text: 'Too shy to say hello' })
    expect(new KernelError('modalClosed')).not.toBeInstanceOf(GreetingError)
    // walk() and the rest of the base: packages/protocol's codedError.test.ts.
    expect([...error.walk()]).toEqual([error])
  })
})
