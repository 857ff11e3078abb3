import { formatUnits } from 'viem'
import type { DecodedTransaction, SolanaAction } from './decode'
import type { SolanaApproval } from './handler'
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
} as const

/** What the site asks, after its name: the method in words, on the network. */
export function solanaAsking(request: SolanaApproval): string {
  const on = request.network.name
  switch (request.method) {
    case 'solana_signMessage':
      return `asks your wallet to sign on ${on}.`
    case 'solana_signAndSendTransaction':
      return `asks your wallet to send on ${on}.`
    default:
      return `asks your wallet to sign ${request.transactions.length === 1 ? 'a transaction' : `${request.transactions.length} transactions`} on ${on}; the site may send ${request.transactions.length === 1 ? 'it' : 'them'} later.`
  }
}

const tokenAmount = (amount: bigint, decimals: number | undefined) =>
  decimals === undefined ? `${amount} base units` : formatUnits(amount, decimals)

/** One instruction in words, as the user reads it before approving. */
export function describeSolanaAction(action: SolanaAction, wallet: string): string {
  switch (action.kind) {
    case 'solTransfer':
      return `Send ${solAmount(action.lamports)} to ${action.to}${action.from === wallet ? '' : ` from ${action.from}`}`
    case 'tokenTransfer': {
      const token = action.mint ? ` of token ${action.mint}` : ''
      const to = action.owner
        ? `${action.owner} (token account ${action.destination})`
        : `token account ${action.destination}`
      const from = action.authority === wallet ? '' : ` on behalf of ${action.authority}`
      return `Send ${tokenAmount(action.amount, action.decimals)}${token} to ${to}${from}`
    }
    case 'createTokenAccount':
      return `Create the token account ${action.account} of ${action.owner} for token ${action.mint}${action.payer === wallet ? ', paying its rent' : `, its rent paid by ${action.payer}`}`
    case 'advanceNonce':
      return `Use the durable nonce of account ${action.account}${action.authority === wallet ? '' : `, its authority ${action.authority}`}`
    case 'notDecoded':
      return SOLANA_TEXTS.notDecoded(action.program)
  }
}

/** A transaction's lines: each instruction, then what the user must not miss (who else signs, who pays). */
export function describeSolanaTransaction(
  { actions, signers, feePayer, durableNonce, unreadableLookupTables }: DecodedTransaction,
  wallet: string,
) {
  const notes: string[] = unreadableLookupTables ? [SOLANA_TEXTS.lookupTablesUnreadable] : []
  if (durableNonce) notes.push(SOLANA_TEXTS.noExpiry)
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
