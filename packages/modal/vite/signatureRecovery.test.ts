import { Secp256k1 as OxSecp256k1, Signature as OxSignature } from 'ox'
import { hashMessage, toBytes } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { Secp256k1, Signature } from './signatureRecovery'

const account = privateKeyToAccount(`0x${'59'.repeat(32)}`)
const MESSAGES = ['localhost wants you to sign in with your Ethereum account', 'nonce 42', '']

describe('signature recovery for WalletConnect’s CACAO check', () => {
  it.each(MESSAGES)('recovers the signer of %j as ox does', async (message) => {
    const signature = await account.signMessage({ message })
    const payload = hashMessage(message)
    const ours = Secp256k1.recoverAddress({ payload, signature: Signature.fromHex(signature) })
    const theirs = OxSecp256k1.recoverAddress({ payload, signature: OxSignature.fromHex(signature) })
    expect(ours).toBe(theirs.toLowerCase())
    expect(ours).toBe(account.address.toLowerCase())
    expect(
      Secp256k1.recoverAddress({ payload: toBytes(payload), signature: Signature.fromHex(signature) }),
    ).toBe(ours)
  })

  it('reads r, s and the y parity as ox does, for v as 27/28, 0/1 and EIP-155', async () => {
    const signature = await account.signMessage({ message: 'nonce 42' })
    for (const v of ['1b', '1c', '00', '01', '25', '26']) {
      const variant = `${signature.slice(0, 130)}${v}`
      expect(Signature.fromHex(variant)).toEqual(OxSignature.fromHex(variant as `0x${string}`))
    }
  })

  it('refuses what is not a 65-byte signature, or a v that means nothing', () => {
    expect(() => Signature.fromHex('0x1234')).toThrow('Invalid signature')
    expect(() => Signature.fromHex(`0x${'11'.repeat(64)}05`)).toThrow('Invalid signature v: 5')
  })
})
