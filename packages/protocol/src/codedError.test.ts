import { describe, expect, it } from 'vitest'
import { CodedError, defineErrorsOver } from './codedError'

describe('CodedError', () => {
  it('carries the code, the text as its message, and the cause', () => {
    const cause = new Error('socket hang up')
    const error = new CodedError('upstream', 'The node did not answer', { cause })
    expect(error).toMatchObject({ code: 'upstream', text: 'The node did not answer', cause })
    expect(error.message).toBe('The node did not answer')
    expect(error).toBeInstanceOf(Error)
  })

  it('walk() yields the error, then each cause in turn, and stops on a loop', () => {
    const root = { code: 4001, message: 'User rejected the request.' }
    const middle = new Error('wallet failed', { cause: root })
    const error = new CodedError('failed', 'Failed', { cause: middle })
    expect([...error.walk()]).toEqual([error, middle, root])
    const looped = new CodedError('failed', 'Failed')
    Object.defineProperty(looped, 'cause', { value: looped })
    expect([...looped.walk()]).toHaveLength(8)
  })
})

describe('defineErrorsOver', () => {
  class AppError extends CodedError {
    override name = 'AppError'
  }
  const defineErrors = defineErrorsOver(AppError)

  it("makes a catalogue's class over the app's base, named as the catalogue", () => {
    const GreetingError = defineErrors('GreetingError', {
      shy: 'Too shy to say hello',
      count: (n: number) => `${n} hellos`,
    })
    const error = new GreetingError('shy')
    expect(error).toBeInstanceOf(AppError)
    expect(error).toBeInstanceOf(GreetingError)
    expect(error).toMatchObject({ name: 'GreetingError', code: 'shy', text: 'Too shy to say hello' })
    expect(GreetingError.name).toBe('GreetingError')
    expect(GreetingError.texts.count(2)).toBe('2 hellos')
    expect(new GreetingError('shy', { text: 'The server says hi' }).text).toBe('The server says hi')
  })
})
