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
import {
  describeSolanaAction,
  describeSolanaTransaction,
  SOLANA_TEXTS,
  SOLANA_TITLES,
  solanaAsking,
} from './approvalText'
import { decodeTransaction } from './decode'
import type { ShownTransaction } from './handler'
import { solanaNetwork } from './networks'
import type { OnNetwork } from './onNetwork'

const WALLET: Address = address('AsHLaGX13Uep5FJj5kTmHLogoFXDhnRHpp1w1jAZnCaV')
const DEVNET = solanaNetwork('EtWTRABZaYq6iMfeYKouRu166VU2xqa1', {
  cloudUrl: 'http://c.test',
  projectId: 'p',
})
const shown = (wire: string, onNetwork: OnNetwork = 'sent'): ShownTransaction => ({
  ...decodeTransaction(wire),
  onNetwork,
})
const words = (instructions: Parameters<typeof wireOf>[1], payer = WALLET, onNetwork?: OnNetwork) =>
  describeSolanaTransaction(shown(wireOf(payer, instructions), onNetwork), WALLET, DEVNET.name)

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
  })

  it('an SPL Transfer names no mint: the token is said to be unknown, unless its source account was read', () => {
    expect(SOLANA_TEXTS.unknownToken).toBe('an unknown token (the transaction does not name its mint)')
    expect(words([tokenTransfer(WALLET, 42n)]).actions).toEqual([
      `Send 42 base units of an unknown token (the transaction does not name its mint) to token account ${TOKEN_ACCOUNT}`,
    ])
    const transfer = decodeTransaction(wireOf(WALLET, [tokenTransfer(WALLET, 42_500_000n)])).actions[0]
    if (transfer?.kind !== 'tokenTransfer') throw new Error('no token transfer')
    // As tokenMints.ts completes it from the source account.
    expect(describeSolanaAction({ ...transfer, mint: MINT, decimals: 6 }, WALLET)).toBe(
      `Send 42.5 of token ${MINT} to token account ${TOKEN_ACCOUNT}`,
    )
  })

  it('the network: named only where it is a fact', () => {
    expect(SOLANA_TEXTS.blockhashUnknown('Solana Devnet')).toBe(
      "This transaction's blockhash is not known on Solana Devnet: it may be for another network, or have expired.",
    )
    const transfer = wireOf(WALLET, [solTransfer(WALLET, 1n)])
    const ask = (method: 'solana_signTransaction' | 'solana_signAllTransactions', ...on: OnNetwork[]) =>
      solanaAsking({
        method,
        network: DEVNET,
        signer: WALLET,
        transactions: on.map((onNetwork) => shown(transfer, onNetwork)),
      })
    expect(ask('solana_signTransaction', 'blockhashKnown')).toBe(
      'asks your wallet to sign a transaction on Solana Devnet; the site may send it later.',
    )
    expect(ask('solana_signTransaction', 'blockhashUnknown')).toBe(
      'asks your wallet to sign a transaction; the site may send it later.',
    )
    expect(ask('solana_signAllTransactions', 'blockhashKnown', 'anyNetwork')).toBe(
      'asks your wallet to sign 2 transactions; the site may send them later.',
    )
    expect(
      solanaAsking({
        method: 'solana_signMessage',
        network: DEVNET,
        signer: WALLET,
        message: new Uint8Array(1),
      }),
    ).toBe('asks your wallet to sign a message; its signature is valid on any network.')
    expect(words([solTransfer(WALLET, 1n)], WALLET, 'blockhashUnknown').notes).toEqual([
      SOLANA_TEXTS.blockhashUnknown('Solana Devnet'),
    ])
    expect(words([solTransfer(WALLET, 1n)], WALLET, 'blockhashKnown').notes).toEqual([])
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
    expect(describeSolanaTransaction(shown(wire), WALLET, DEVNET.name)).toEqual({
      actions: [SOLANA_TEXTS.notDecoded('11111111111111111111111111111111')],
      warning: SOLANA_TEXTS.notDecodedWarning,
      notes: [SOLANA_TEXTS.lookupTablesUnreadable],
    })
  })
})
