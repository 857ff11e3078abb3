import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { CodedError, ERROR_CODES } from '@allaccess/protocol'
import { describe, expect, it } from 'vitest'
import { CloudError } from './errors.js'
import { defineErrors, HttpError } from './http/errors.js'
import { SiwxError } from './siwx/errors.js'

const SRC = new URL('.', import.meta.url).pathname

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [path] : []
  })
}

/** A class of the cloud's own that starts a second base instead of extending CloudError (or one of its). */
const SECOND_BASE = /\bclass \w+ extends (Error|TypeError|RangeError)\b/

describe('one error base', () => {
  it('every error class of the cloud extends CloudError (the protocol’s CodedError)', () => {
    const seconds = sourceFiles(SRC)
      .filter((file) => SECOND_BASE.test(readFileSync(file, 'utf8')))
      .map((file) => relative(SRC, file))
    expect(seconds).toEqual([])
    expect(new CloudError('x', 'y')).toBeInstanceOf(CodedError)
  })

  it('the check sees a second base', () => {
    expect(SECOND_BASE.test('export class UsageError extends Error {')).toBe(true)
    expect(SECOND_BASE.test('export class UsageError extends CloudError<"usage"> {')).toBe(false)
  })

  it('an HttpError is a CloudError whose code is the wire code, its cause kept', () => {
    const cause = new Error('provider said no')
    const error = new HttpError(400, 'Bad thing', ERROR_CODES.badRequest, { cause })
    expect(error).toBeInstanceOf(CloudError)
    expect(error).toMatchObject({
      statusCode: 400,
      code: 'bad_request',
      text: 'Bad thing',
      message: 'Bad thing',
    })
    expect([...error.walk()]).toEqual([error, cause])
  })

  it("defineErrors makes a catalogue's HttpError class: status, wire code and text by the refusal's name", () => {
    const GreetingError = defineErrors('GreetingError', {
      shy: { status: 403, code: ERROR_CODES.forbidden, text: 'Too shy to say hello' },
    })
    const error = new GreetingError('shy')
    expect(error).toBeInstanceOf(HttpError)
    expect(error).toMatchObject({
      name: 'GreetingError',
      refusal: 'shy',
      statusCode: 403,
      code: 'forbidden',
      text: 'Too shy to say hello',
    })
    expect(GreetingError.name).toBe('GreetingError')
    expect(new SiwxError('expired')).not.toBeInstanceOf(GreetingError)
    expect(new SiwxError('domainMismatch')).toMatchObject({ statusCode: 403, code: 'siwx_domain_mismatch' })
  })
})
