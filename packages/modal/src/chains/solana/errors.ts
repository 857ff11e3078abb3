import { defineErrors } from '../../kernel/errors'

/** The Solana family's own texts (beyond the product catalogue): what its wallet actions refuse, said plainly. */
export const SolanaErrorText = {
  notSplToken: 'This token is not an SPL Token mint on this network',
  feeUnknown: 'The network could not price this transaction: prepare it again',
  notConfirmed: 'The transaction was not confirmed in time',
  noSigningFeature: 'This wallet can’t sign this on Solana',
  walletAnsweredNothing: 'The wallet answered without a signature',
  messageChanged: 'The wallet changed the transaction before signing it: nothing was sent',
  signatureMismatch:
    'The wallet answered with a signature of another transaction: check your wallet’s activity',
  noEmbeddedAccount: 'The e-mail wallet gave no Solana account: sign in again',
} as const

export const SolanaError = defineErrors('SolanaError', SolanaErrorText)
