import { type Address, address } from '@solana/kit'
import { describe, expect, it } from 'vitest'
import {
  MINT,
  memo,
  RECEIVER,
  solTransfer,
  TOKEN_ACCOUNT,
  tokenTransfer,
  tokenTransferChecked,
  wireOf,
} from '../testing/solanaTransactions'
import { describeSolanaTransaction, SOLANA_TEXTS, SOLANA_TITLES } from './approvalText'
import { decodeTransaction } from './decode'

const WALLET: Address = address('AsHLaGX13Uep5FJj5kTmHLogoFXDhnRHpp1w1jAZnCaV')
const words = (instructions: Parameters<typeof wireOf>[1], payer = WALLET) =>
  describeSolanaTransaction(decodeTransaction(wireOf(payer, instructions)), WALLET)

describe('solana approval text: what the user reads before approving', () => {
  it('pins its titles and warnings', () => {
    expect(SOLANA_TITLES).toEqual({
      solana_signMessage: 'Signature request',
      solana_signTransaction: 'Sign transaction',
      solana_signAllTransactions: 'Sign transactions',
      solana_signAndSendTransaction: 'Send transaction',
    })
    expect(SOLANA_TEXTS.notDecodedWarning).toBe(
      "This wallet can't read all of this transaction, so it can't tell you everything it does. Approve only if you trust the site.",
    )
    expect(SOLANA_TEXTS.lookupTablesUnreadable).toBe(
      'This transaction uses address lookup tables that could not be read: its receivers are not known.',
    )
  })

  it('a System transfer: the amount in SOL and the receiver', () => {
    expect(words([solTransfer(WALLET, 1_500_000_000n)])).toEqual({
      actions: [`Send 1.5 SOL to ${RECEIVER}`],
      warning: undefined,
      notes: [],
    })
  })

  it('an SPL transfer to an account made for the receiver: the amount with its decimals, the owner named', () => {
    expect(words(tokenTransferChecked(WALLET, 12_500_000n, 6)).actions).toEqual([
      `Create the token account ${TOKEN_ACCOUNT} of ${RECEIVER} for token ${MINT}, paying its rent`,
      `Send 12.5 of token ${MINT} to ${RECEIVER} (token account ${TOKEN_ACCOUNT})`,
    ])
    expect(words([tokenTransfer(WALLET, 42n)]).actions).toEqual([
      `Send 42 base units to token account ${TOKEN_ACCOUNT}`,
    ])
  })

  it('what it cannot decode, it says plainly; another payer and other signers are said', () => {
    const read = words([memo('gm'), solTransfer(RECEIVER, 1n, WALLET)], RECEIVER)
    expect(read.actions[0]).toBe(
      "An instruction of program MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr that this wallet can't read, so it can't tell you what it does.",
    )
    expect(read.actions[1]).toBe(`Send 0.000000001 SOL to ${WALLET} from ${RECEIVER}`)
    expect(read.warning).toBe(SOLANA_TEXTS.notDecodedWarning)
    expect(read.notes).toEqual([
      '1 other account must sign it too.',
      `The network fee is paid by ${RECEIVER}, not by this wallet.`,
    ])
  })

  it('lookup tables it could not read: said first, the warning shown, no receiver guessed', () => {
    const wire = wireOf(WALLET, [solTransfer(WALLET, 1n)], { [TOKEN_ACCOUNT]: [RECEIVER] })
    expect(describeSolanaTransaction(decodeTransaction(wire), WALLET)).toEqual({
      actions: [SOLANA_TEXTS.notDecoded('11111111111111111111111111111111')],
      warning: SOLANA_TEXTS.notDecodedWarning,
      notes: [SOLANA_TEXTS.lookupTablesUnreadable],
    })
  })
})
