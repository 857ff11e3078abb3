import { describe, expect, it } from 'vitest'
import type * as z from 'zod/mini'
import {
  CONNECT_ACTIONS,
  deviceIdSchema,
  EMAIL_MAX_LENGTH,
  EMBEDDED_TEXTS,
  emailConnectRequestSchema,
  emailSchema,
  KEY_SHARE_MAX_LENGTH,
  keySharesSchema,
  otpSchema,
  UPDATE_EMAIL_ACTIONS,
} from './embedded'

const ok = (schema: z.ZodMiniType, value: unknown) => schema.safeParse(value).success

describe('the embedded wallet contract', () => {
  it('an e-mail must be a valid address, at most EMAIL_MAX_LENGTH characters (docs/behaviour.md#email)', () => {
    for (const email of ['a@b.co', 'first.last+tag@sub.example.com', 'A@B.CO'])
      expect(ok(emailSchema, email)).toBe(true)
    for (const email of [
      '',
      'a',
      'a@',
      '@b.co',
      'a b@c.co',
      'a@b',
      `${'a'.repeat(EMAIL_MAX_LENGTH)}@b.co`,
      1,
    ])
      expect(ok(emailSchema, email), String(email)).toBe(false)
    expect(emailSchema.safeParse('nope').error?.issues[0]?.message).toBe('must be a valid e-mail address')
  })

  it('a code is six digits; a device id 16 to 128 URL-safe characters', () => {
    expect(ok(otpSchema, '012345')).toBe(true)
    for (const otp of ['12345', '1234567', '12345a', ' 123456', 123456])
      expect(ok(otpSchema, otp)).toBe(false)
    expect(ok(deviceIdSchema, 'a'.repeat(16))).toBe(true)
    expect(ok(deviceIdSchema, `${'a'.repeat(60)}_-${'Z9'.repeat(33)}`)).toBe(true)
    for (const id of ['a'.repeat(15), 'a'.repeat(129), `${'a'.repeat(20)}/`])
      expect(ok(deviceIdSchema, id)).toBe(false)
    expect(ok(emailConnectRequestSchema, { email: 'a@b.co', deviceId: 'x'.repeat(32) })).toBe(true)
  })

  it('shares are bounded hex or base64, with an EVM address', () => {
    const shares = { address: `0x${'ab'.repeat(20)}`, authShare: 'a1b2', recoveryShare: 'QUJD+/==' }
    expect(ok(keySharesSchema, shares)).toBe(true)
    expect(ok(keySharesSchema, { ...shares, recoveryShare: 'a'.repeat(KEY_SHARE_MAX_LENGTH) })).toBe(true)
    expect(ok(keySharesSchema, { ...shares, recoveryShare: 'a'.repeat(KEY_SHARE_MAX_LENGTH + 1) })).toBe(
      false,
    )
    expect(ok(keySharesSchema, { ...shares, authShare: '' })).toBe(false)
    expect(ok(keySharesSchema, { ...shares, authShare: '<script>' })).toBe(false)
    expect(ok(keySharesSchema, { ...shares, address: 'vitalik.eth' })).toBe(false)
  })

  it('names the actions of docs/behaviour.md#email; the refusal texts are distinct', () => {
    expect(CONNECT_ACTIONS).toEqual(['VERIFY_OTP', 'VERIFY_DEVICE', 'CONNECT'])
    expect(UPDATE_EMAIL_ACTIONS).toEqual(['VERIFY_PRIMARY_OTP', 'VERIFY_SECONDARY_OTP'])
    const texts = Object.values(EMBEDDED_TEXTS)
    expect(new Set(texts).size).toBe(texts.length)
  })
})
