import { type Address, address, createNoopSigner, type Instruction } from '@solana/kit'
import { getAdvanceNonceAccountInstruction } from '@solana-program/system'
import { getTransferCheckedInstruction } from '@solana-program/token'
import { describe, expect, it } from 'vitest'
import {
  MINT,
  RECEIVER,
  SOURCE_ACCOUNT,
  solTransfer,
  TOKEN_ACCOUNT,
  wireOf,
} from '../testing/solanaTransactions'
import { describeSolanaTransaction, SOLANA_TEXTS } from './approvalText'
import { decodeTransaction, LAMPORTS_PER_SIGNATURE } from './decode'

/** What a hostile site's transaction does beside what it says: each must reach the approval screen in words. */
const WALLET: Address = address('AsHLaGX13Uep5FJj5kTmHLogoFXDhnRHpp1w1jAZnCaV')
const NONCE_ACCOUNT: Address = address('8szGkuLTAux9XMgZ2vtY39jVSowEcpBfFfD8hXSEqdGC')
const HOOK_ACCOUNT: Address = address('HooKD5NC9QNxk25QuzCssB8ecrEzGt6eGEoZ5ZTCbQRb')
const TOKEN_2022 = address('TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb')

const advanceNonce = (authority: Address = WALLET) =>
  getAdvanceNonceAccountInstruction({
    nonceAccount: NONCE_ACCOUNT,
    nonceAuthority: createNoopSigner(authority),
  })

/** A precompile's instruction verifying `count` signatures: Solana charges the base fee for each of them. */
const precompile = (program: string, count: number): Instruction => ({
  programAddress: address(program),
  data: new Uint8Array([count, 0]),
})

describe('solana decode, attacked: what is signed is what is said', () => {
  it('a durable nonce (the first instruction advances one) is named: the transaction does not expire', () => {
    const decoded = decodeTransaction(wireOf(WALLET, [advanceNonce(), solTransfer(WALLET, 1n)]))
    expect(decoded.durableNonce).toBe(true)
    expect(decoded.actions[0]).toEqual({ kind: 'advanceNonce', account: NONCE_ACCOUNT, authority: WALLET })
    // No blockhash: nothing ties it to the request's network.
    expect(decoded.recentBlockhash).toBeUndefined()
    const words = describeSolanaTransaction({ ...decoded, onNetwork: 'anyNetwork' }, WALLET, 'Solana')
    expect(words.actions[0]).toBe(`Use the durable nonce of account ${NONCE_ACCOUNT}`)
    expect(words.warning).toBeUndefined()
    expect(words.notes).toEqual([SOLANA_TEXTS.noExpiry, SOLANA_TEXTS.anyNetwork])
    expect(SOLANA_TEXTS.noExpiry).toBe(
      'This transaction does not expire: it uses a durable nonce, so once signed it can be sent at any time, now or much later.',
    )
    expect(SOLANA_TEXTS.anyNetwork).toBe(
      'This transaction is for any network: it names no blockhash, so it can be sent on any network that has its nonce account.',
    )
  })

  it('a nonce advanced later in the transaction is not a durable nonce (a blockhash still ends it)', () => {
    const decoded = decodeTransaction(wireOf(WALLET, [solTransfer(WALLET, 1n), advanceNonce(RECEIVER)]))
    expect(decoded.durableNonce).toBe(false)
    expect(decoded.recentBlockhash).toBe('EkSnNWid2cvwEVnVx9aBqawnmiCNiDgp3gUdkDPTKN1N')
    const words = describeSolanaTransaction({ ...decoded, onNetwork: 'sent' }, WALLET, 'Solana')
    expect(words.actions[1]).toBe(
      `Use the durable nonce of account ${NONCE_ACCOUNT}, its authority ${RECEIVER}`,
    )
    expect(words.notes).not.toContain(SOLANA_TEXTS.noExpiry)
  })

  it('the signatures a precompile verifies are paid for: the fee counts them', () => {
    const decoded = decodeTransaction(
      wireOf(WALLET, [
        precompile('Ed25519SigVerify111111111111111111111111111', 200),
        precompile('KeccakSecp256k11111111111111111111111111111', 50),
        precompile('Secp256r1SigVerify1111111111111111111111111', 5),
        solTransfer(WALLET, 1n),
      ]),
    )
    expect(decoded.fee).toBe(LAMPORTS_PER_SIGNATURE * (1n + 200n + 50n + 5n))
  })

  it('a Token-2022 transferChecked with more accounts (a transfer hook runs with them) is not read as a plain transfer', () => {
    const transfer = getTransferCheckedInstruction(
      {
        source: SOURCE_ACCOUNT,
        mint: MINT,
        destination: TOKEN_ACCOUNT,
        authority: createNoopSigner(WALLET),
        amount: 5n,
        decimals: 6,
      },
      { programAddress: TOKEN_2022 },
    )
    const hooked = { ...transfer, accounts: [...transfer.accounts, { address: HOOK_ACCOUNT, role: 0 }] }
    const decoded = decodeTransaction(wireOf(WALLET, [hooked as Instruction]))
    expect(decoded.actions).toEqual([{ kind: 'notDecoded', program: TOKEN_2022 }])
    expect(describeSolanaTransaction({ ...decoded, onNetwork: 'sent' }, WALLET, 'Solana').warning).toBe(
      SOLANA_TEXTS.notDecodedWarning,
    )
  })

  it('the same transferChecked without more accounts is read', () => {
    const transfer = getTransferCheckedInstruction(
      {
        source: SOURCE_ACCOUNT,
        mint: MINT,
        destination: TOKEN_ACCOUNT,
        authority: createNoopSigner(WALLET),
        amount: 5n,
        decimals: 6,
      },
      { programAddress: TOKEN_2022 },
    )
    expect(decodeTransaction(wireOf(WALLET, [transfer])).actions[0]?.kind).toBe('tokenTransfer')
  })
})
