import { formatUnits } from 'viem'
import type { SolanaAction } from './decode'
import type { ShownTransaction, SolanaApproval } from './handler'
import { solAmount } from './networks'

/** The approval screen's titles and texts for Solana (docs/embedded-wallet.md#solana). */
export const SOLANA_TITLES = {
  solana_signMessage: 'Signature request',
  solana_signTransaction: 'Sign transaction',
  solana_signAllTransactions: 'Sign transactions',
  solana_signAndSendTransaction: 'Send transaction',
} as const satisfies Record<SolanaApproval['method'], string>

export const SOLANA_TEXTS = {
  /** Said plainly, on the instruction itself, when the wallet can't read it. */
  notDecoded: (program: string) =>
    `An instruction of program ${program} that this wallet can't read, so it can't tell you what it does.`,
  notDecodedWarning:
    "This wallet can't read all of this transaction, so it can't tell you everything it does. Approve only if you trust the site.",
  /** A v0 transaction whose lookup tables the network did not give (lookupTables.ts): none of it is read. */
  lookupTablesUnreadable:
    'This transaction uses address lookup tables that could not be read: its receivers are not known.',
  /** A signature of a transaction another account pays for, or signs too. */
  othersSign: (count: number) => `${count} other account${count === 1 ? '' : 's'} must sign it too.`,
  feePaidByOther: (payer: string) => `The network fee is paid by ${payer}, not by this wallet.`,
  /** A durable nonce's transaction: a site can hold it signed and send it whenever it likes. */
  noExpiry:
    'This transaction does not expire: it uses a durable nonce, so once signed it can be sent at any time, now or much later.',
  /** A sign-only transaction whose blockhash the network's RPC did not confirm (onNetwork.ts): no network is named as fact. */
  blockhashUnknown: (network: string) =>
    `This transaction's blockhash is not known on ${network}: it may be for another network, or have expired.`,
  /** A durable nonce's transaction has no blockhash to tie it to a network. */
  anyNetwork:
    'This transaction is for any network: it names no blockhash, so it can be sent on any network that has its nonce account.',
  /** An SPL Token Transfer whose source account could not be read (tokenMints.ts): its token is not known. */
  unknownToken: 'an unknown token (the transaction does not name its mint)',
} as const

/** Transactions' count in words: "a transaction", "3 transactions". */
const counted = (count: number) => (count === 1 ? 'a transaction' : `${count} transactions`)

/**
 * What the site asks, after its name: the method in words, and the network only where it is a fact (a send goes
 * out on it; signed transactions whose every blockhash it knows). A message's signature holds on any network.
 */
export function solanaAsking(request: SolanaApproval): string {
  const on = request.network.name
  if (request.method === 'solana_signMessage')
    return 'asks your wallet to sign a message; its signature is valid on any network.'
  if (request.method === 'solana_signAndSendTransaction') return `asks your wallet to send on ${on}.`
  const { length } = request.transactions
  const known = request.transactions.every((transaction) => transaction.onNetwork === 'blockhashKnown')
  return `asks your wallet to sign ${counted(length)}${known ? ` on ${on}` : ''}; the site may send ${length === 1 ? 'it' : 'them'} later.`
}

const tokenAmount = (amount: bigint, decimals: number | undefined) =>
  decimals === undefined ? `${amount} base units` : formatUnits(amount, decimals)

/** One instruction in words, as the user reads it before approving. */
export function describeSolanaAction(action: SolanaAction, wallet: string): string {
  switch (action.kind) {
    case 'solTransfer':
      return `Send ${solAmount(action.lamports)} to ${action.to}${action.from === wallet ? '' : ` from ${action.from}`}`
    case 'tokenTransfer': {
      const token = action.mint ? `token ${action.mint}` : SOLANA_TEXTS.unknownToken
      const to = action.owner
        ? `${action.owner} (token account ${action.destination})`
        : `token account ${action.destination}`
      const from = action.authority === wallet ? '' : ` on behalf of ${action.authority}`
      return `Send ${tokenAmount(action.amount, action.decimals)} of ${token} to ${to}${from}`
    }
    case 'createTokenAccount':
      return `Create the token account ${action.account} of ${action.owner} for token ${action.mint}${action.payer === wallet ? ', paying its rent' : `, its rent paid by ${action.payer}`}`
    case 'advanceNonce':
      return `Use the durable nonce of account ${action.account}${action.authority === wallet ? '' : `, its authority ${action.authority}`}`
    case 'notDecoded':
      return SOLANA_TEXTS.notDecoded(action.program)
  }
}

/**
 * A transaction's lines: each instruction, then what the user must not miss (its network when not known there,
 * who else signs, who pays). `network` is the request's network's name.
 */
export function describeSolanaTransaction(
  { actions, signers, feePayer, durableNonce, unreadableLookupTables, onNetwork }: ShownTransaction,
  wallet: string,
  network: string,
) {
  const notes: string[] = unreadableLookupTables ? [SOLANA_TEXTS.lookupTablesUnreadable] : []
  if (onNetwork === 'blockhashUnknown') notes.push(SOLANA_TEXTS.blockhashUnknown(network))
  if (durableNonce) notes.push(SOLANA_TEXTS.noExpiry)
  if (onNetwork === 'anyNetwork') notes.push(SOLANA_TEXTS.anyNetwork)
  const others = signers.filter((signer) => signer !== wallet).length
  if (others > 0) notes.push(SOLANA_TEXTS.othersSign(others))
  if (feePayer !== wallet) notes.push(SOLANA_TEXTS.feePaidByOther(feePayer))
  return {
    actions: actions.map((action) => describeSolanaAction(action, wallet)),
    warning:
      unreadableLookupTables || actions.some((action) => action.kind === 'notDecoded')
        ? SOLANA_TEXTS.notDecodedWarning
        : undefined,
    notes,
  }
}
