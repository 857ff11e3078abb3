import { describe, expect, it } from 'vitest'
import type * as z from 'zod/mini'
import { ERROR_CODES, errorBodySchema } from './errors'
import {
  SIWX_CACAO_MAX_LENGTH,
  SIWX_MESSAGE_MAX_LENGTH,
  SIWX_SIGNATURE_MAX_LENGTH,
  SIWX_STATEMENT,
  siwxMessageRequestSchema,
  siwxMessageSchema,
  siwxSessionRequestSchema,
} from './siwx'

const ok = (schema: z.ZodMiniType, value: unknown) => schema.safeParse(value).success
const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

describe('the sign-in contract', () => {
  it('a message is asked for with a CAIP-2 chain and an empty or 0x account address (docs/behaviour.md#sign-in)', () => {
    for (const accountAddress of ['', ADDRESS, ADDRESS.toLowerCase()])
      expect(ok(siwxMessageRequestSchema, { chainId: 'eip155:31337', accountAddress })).toBe(true)
    for (const accountAddress of [ADDRESS.slice(2), `${ADDRESS}0`, ' ', undefined])
      expect(
        ok(siwxMessageRequestSchema, { chainId: 'eip155:1', accountAddress }),
        String(accountAddress),
      ).toBe(false)
    for (const chainId of ['31337', 'eip155', 'eip155:', 'EIP155:1', 1])
      expect(ok(siwxMessageRequestSchema, { chainId, accountAddress: '' }), String(chainId)).toBe(false)
  })

  it('the reply carries every field but the account, version "1" (apps/cloud/README.md#sign-in-with-the-wallet)', () => {
    const reply = {
      chainId: 'eip155:31337',
      domain: 'localhost:5173',
      uri: 'http://localhost:5173',
      version: '1',
      nonce: 'a'.repeat(32),
      statement: SIWX_STATEMENT,
      resources: [],
      requestId: 'r',
      issuedAt: '2026-01-01T00:00:00.000Z',
      expirationTime: '2026-01-02T00:00:00.000Z',
      notBefore: '2026-01-01T00:00:00.000Z',
    }
    expect(siwxMessageSchema.parse(reply)).toEqual(reply)
    expect(ok(siwxMessageSchema, { ...reply, version: '2' })).toBe(false)
    const { nonce: _, ...withoutNonce } = reply
    expect(ok(siwxMessageSchema, withoutNonce)).toBe(false)
    // EIP-4361: the statement is one line of ASCII.
    expect(SIWX_STATEMENT).toMatch(/^[\x20-\x7e]+$/)
  })

  it('bounds a signed message, its signature and its CACAO', () => {
    const valid = { message: 'm', signature: '0x1234' }
    expect(ok(siwxSessionRequestSchema, valid)).toBe(true)
    expect(ok(siwxSessionRequestSchema, { ...valid, cacao: { h: { t: 'caip122' } } })).toBe(true)
    expect(ok(siwxSessionRequestSchema, { ...valid, message: '' })).toBe(false)
    expect(ok(siwxSessionRequestSchema, { ...valid, message: 'm'.repeat(SIWX_MESSAGE_MAX_LENGTH) })).toBe(
      true,
    )
    expect(ok(siwxSessionRequestSchema, { ...valid, message: 'm'.repeat(SIWX_MESSAGE_MAX_LENGTH + 1) })).toBe(
      false,
    )
    const hex = (length: number) => `0x${'a'.repeat(length - 2)}`
    expect(ok(siwxSessionRequestSchema, { ...valid, signature: hex(SIWX_SIGNATURE_MAX_LENGTH) })).toBe(true)
    for (const signature of [hex(SIWX_SIGNATURE_MAX_LENGTH + 1), '0x', '1234', '0xzz', 1234])
      expect(ok(siwxSessionRequestSchema, { ...valid, signature }), String(signature).slice(0, 10)).toBe(
        false,
      )
    const cacao = (length: number) => ({ s: 'x'.repeat(length - '{"s":""}'.length) })
    expect(ok(siwxSessionRequestSchema, { ...valid, cacao: cacao(SIWX_CACAO_MAX_LENGTH) })).toBe(true)
    for (const bad of [cacao(SIWX_CACAO_MAX_LENGTH + 1), [], 'cacao', null])
      expect(ok(siwxSessionRequestSchema, { ...valid, cacao: bad })).toBe(false)
  })

  it('every sign-in refusal has a stable code the error body accepts', () => {
    for (const code of [
      ERROR_CODES.siwxInvalidMessage,
      ERROR_CODES.siwxInvalidNonce,
      ERROR_CODES.siwxExpired,
      ERROR_CODES.siwxDomainMismatch,
      ERROR_CODES.siwxMessageMismatch,
      ERROR_CODES.siwxInvalidSignature,
      ERROR_CODES.siwxChainNotServed,
    ])
      expect(ok(errorBodySchema, { code, message: 'x' }), code).toBe(true)
  })
})
