import { PROVIDER_ERROR_CODES } from '@allaccess/frame-protocol'
import {
  type Address,
  getBase58Decoder,
  getBase58Encoder,
  getBase64EncodedWireTransaction,
  getCompiledTransactionMessageDecoder,
  type SignatureBytes,
  type Transaction,
} from '@solana/kit'
import { type NetworkRpc, networkRpc } from '../networkRpc'
import { invalidParams, notAllowed, ProviderError, rejected } from '../rpc'
import {
  type DecodedTransaction,
  decodeWireTransaction,
  NotATransactionError,
  readWireTransaction,
  tableLookupsOf,
  type WireTransaction,
} from './decode'
import type { SolanaAccount } from './keys'
import { LookupTableError, readLookupTables } from './lookupTables'
import { isSolanaMethod, readSolanaParams, SOLANA_PARAM_TEXTS, type SolanaMethod } from './methods'
import type { SolanaNetwork } from './networks'
import { checkOnNetwork, type OnNetwork } from './onNetwork'
import { withSourceMints } from './tokenMints'

/** A transaction as the screen shows it: decoded, and what is known of its network. */
export type ShownTransaction = DecodedTransaction & { onNetwork: OnNetwork }

/** What the user is asked to approve on Solana: a message's bytes, or transactions, each decoded. */
export type SolanaApproval =
  | { method: 'solana_signMessage'; network: SolanaNetwork; signer: Address; message: Uint8Array }
  | {
      method: Exclude<SolanaMethod, 'solana_signMessage'>
      network: SolanaNetwork
      signer: Address
      transactions: ShownTransaction[]
    }

/** What signAndSend answers when the network's sendTransaction gives back no signature. */
export const NO_SIGNATURE_TEXT = "The network's RPC answered no signature"

/** The text a request naming another signer than this wallet gets (as for EVM's `from`). */
export const OTHER_ACCOUNT_TEXT = 'The request names another account than this wallet'

type Dependencies = {
  /** The signed-in wallet's Solana account; rejects when no one is signed in. */
  account(): Promise<SolanaAccount>
  /** Shows the request in the frame; true when the user approves it. */
  approve(request: SolanaApproval): Promise<boolean>
  /** A method outside the list was asked for (the user is told, as for EVM). */
  refused(method: string): void
  fetch?: typeof globalThis.fetch
}

const base58 = (bytes: Uint8Array) => getBase58Decoder().decode(bytes)

/** Whether bytes to sign as a message are in fact a whole transaction message: a signature of them would be one. */
function isTransactionMessage(bytes: Uint8Array): boolean {
  try {
    const [, read] = getCompiledTransactionMessageDecoder().read(bytes, 0)
    return read === bytes.length
  } catch {
    return false
  }
}

function readWire(base64: string): WireTransaction {
  try {
    return readWireTransaction(base64)
  } catch (error) {
    if (error instanceof NotATransactionError) throw invalidParams(SOLANA_PARAM_TEXTS.notATransaction)
    throw error
  }
}

/**
 * A transaction decoded for the screen, its lookup tables read from the network first; one whose tables can't be
 * read is decoded as unreadable (each instruction named by its program, the screen says why), never guessed. Then
 * its token transfers' mints are read, and, when it is only signed (`sends` false), its network is checked.
 */
async function readTransaction(
  call: NetworkRpc,
  network: SolanaNetwork,
  base64: string,
  signer: Address,
  sends: boolean,
): Promise<ShownTransaction> {
  const wire = readWire(base64)
  const lookups = tableLookupsOf(wire)
  const tables =
    lookups.length === 0
      ? undefined
      : await readLookupTables(call, network, lookups).catch((error: unknown) => {
          if (error instanceof LookupTableError) return undefined
          throw error
        })
  const decoded = decodeWireTransaction(wire, tables)
  if (!decoded.signers.includes(signer)) throw invalidParams(SOLANA_PARAM_TEXTS.notThisSigner)
  const [read, onNetwork] = await Promise.all([
    withSourceMints(call, network, decoded),
    sends ? ('sent' as const) : checkOnNetwork(call, network, decoded),
  ])
  return { ...read, onNetwork }
}

/**
 * The frame's Solana requests (docs/embedded-wallet.md#solana): the parameters read (spec §5's shapes), every
 * transaction decoded and put to the user whole, then signed with the wallet's Solana key exactly as shown. A
 * signAndSend goes out through the cloud's gateway for the request's network.
 */
export function createSolanaHandler({ account, approve, refused, fetch = globalThis.fetch }: Dependencies) {
  const call = networkRpc(fetch)

  async function send(network: SolanaNetwork, wire: string, options: object | undefined): Promise<string> {
    const signature = await call(network, 'sendTransaction', [wire, { ...options, encoding: 'base64' }])
    if (typeof signature !== 'string') throw new ProviderError(NO_SIGNATURE_TEXT, -32603)
    return signature
  }

  async function signed(signer: SolanaAccount, transaction: Transaction): Promise<string> {
    const signature = (await signer.sign(new Uint8Array(transaction.messageBytes))) as SignatureBytes
    return getBase64EncodedWireTransaction({
      ...transaction,
      signatures: { ...transaction.signatures, [signer.address]: signature },
    })
  }

  return async function handle(
    { method, params }: { method: string; params?: unknown },
    network: SolanaNetwork,
  ): Promise<unknown> {
    if (!isSolanaMethod(method)) {
      refused(method)
      throw notAllowed()
    }
    const read = readSolanaParams(method, params)
    if ('problem' in read) throw invalidParams(read.problem)
    const signer = await account()
    if (method === 'solana_signMessage') {
      const { message, pubkey } = read.params as { message: string; pubkey: string }
      if (pubkey !== signer.address)
        throw new ProviderError(OTHER_ACCOUNT_TEXT, PROVIDER_ERROR_CODES.unauthorized)
      const bytes = new Uint8Array(getBase58Encoder().encode(message))
      if (isTransactionMessage(bytes)) throw invalidParams(SOLANA_PARAM_TEXTS.messageIsTransaction)
      if (!(await approve({ method, network, signer: signer.address, message: bytes }))) throw rejected()
      return { signature: base58(await signer.sign(bytes)) }
    }
    const strings =
      'transactions' in read.params
        ? read.params.transactions
        : [(read.params as { transaction: string }).transaction]
    // Read before the user is asked anything: what the screen shows is what is signed.
    const sends = method === 'solana_signAndSendTransaction'
    const transactions = await Promise.all(
      strings.map((transaction) => readTransaction(call, network, transaction, signer.address, sends)),
    )
    if (!(await approve({ method, network, signer: signer.address, transactions }))) throw rejected()
    const wires = await Promise.all(transactions.map(({ transaction }) => signed(signer, transaction)))
    switch (method) {
      case 'solana_signTransaction':
        return { transaction: wires[0] }
      case 'solana_signAllTransactions':
        return { transactions: wires }
      case 'solana_signAndSendTransaction': {
        const { options } = read.params as { options?: object }
        return { signature: await send(network, wires[0] as string, options) }
      }
    }
  }
}
