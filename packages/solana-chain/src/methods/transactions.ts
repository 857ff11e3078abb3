// Sending, simulating and finding transactions, their fees and statuses, and the faucet.
import {
  type Address,
  appendTransactionMessageInstruction,
  createTransactionMessage,
  getBase58Decoder,
  getBase64Decoder,
  getTransactionEncoder,
  lamports,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  blockhash as toBlockhash,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import { MAX_AIRDROP_LAMPORTS } from '../constants'
import type { Landed, Ledger } from '../ledger'
import { config, flag, integer, oneOf, positional, pubkey, signature, text } from '../params'
import { invalidParams, RPC_ERROR, RpcFailure } from '../rpc-errors'
import { decodeBytes, decodeMessage, feeOf, WireError } from '../wire'
import { type Method, options, withContext } from './context'

/** Solana's caps on getSignatureStatuses and getSignaturesForAddress. */
const MAX_STATUSES = 256
const MAX_SIGNATURES_PAGE = 1000
const WIRE_ENCODINGS = ['base58', 'base64'] as const

function wireOf(value: unknown, options: Record<string, unknown>): Uint8Array {
  const encoded = text(value)
  try {
    return decodeBytes(encoded, oneOf(options.encoding, WIRE_ENCODINGS, 'base58'))
  } catch (error) {
    if (error instanceof WireError) throw invalidParams(`invalid transaction: ${error.message}`)
    throw error
  }
}

/** Runs `step`, answering a transaction that does not decode with Solana's invalid-transaction error. */
function decoding<T>(step: () => T): T {
  try {
    return step()
  } catch (error) {
    if (error instanceof WireError) throw invalidParams(`invalid transaction: ${error.message}`)
    throw error
  }
}

const status = (landed: Landed) => ({
  slot: landed.slot,
  confirmations: null,
  err: landed.err,
  status: landed.err === null ? { Ok: null } : { Err: landed.err },
  confirmationStatus: 'finalized',
})

function transactionJson(landed: Landed, encoding: 'json' | 'base64' | 'base58') {
  const { message } = landed
  const version = message.version === 'legacy' ? 'legacy' : message.version
  const meta = {
    err: landed.err,
    status: landed.err === null ? { Ok: null } : { Err: landed.err },
    fee: landed.fee,
    preBalances: landed.preBalances,
    postBalances: landed.postBalances,
    innerInstructions: [],
    logMessages: landed.logs,
    preTokenBalances: landed.preTokenBalances,
    postTokenBalances: landed.postTokenBalances,
    rewards: [],
    loadedAddresses: { writable: [], readonly: [] },
    computeUnitsConsumed: landed.unitsConsumed,
  }
  const base58 = getBase58Decoder()
  const transaction =
    encoding === 'base64'
      ? [getBase64Decoder().decode(landed.wire), 'base64']
      : encoding === 'base58'
        ? [base58.decode(landed.wire), 'base58']
        : {
            signatures: landed.signatures,
            message: {
              accountKeys: message.staticAccounts,
              header: {
                numRequiredSignatures: message.header.numSignerAccounts,
                numReadonlySignedAccounts: message.header.numReadonlySignerAccounts,
                numReadonlyUnsignedAccounts: message.header.numReadonlyNonSignerAccounts,
              },
              recentBlockhash: message.lifetimeToken,
              instructions: message.instructions.map((instruction) => ({
                programIdIndex: instruction.programAddressIndex,
                accounts: instruction.accountIndices ?? [],
                data: base58.decode(instruction.data ?? new Uint8Array()),
                stackHeight: null,
              })),
              ...(version === 'legacy' ? {} : { addressTableLookups: [] }),
            },
          }
  return { slot: landed.slot, blockTime: landed.blockTime, meta, transaction, version }
}

async function airdrop(
  ledger: Ledger,
  faucet: Parameters<typeof setTransactionMessageFeePayerSigner>[0],
  to: Address,
  amount: bigint,
) {
  const { blockhash, lastValidBlockHeight } = ledger.latestBlockhash()
  const signed = await pipe(
    createTransactionMessage({ version: 0 }),
    (message) => setTransactionMessageFeePayerSigner(faucet, message),
    (message) =>
      setTransactionMessageLifetimeUsingBlockhash(
        { blockhash: toBlockhash(blockhash), lastValidBlockHeight },
        message,
      ),
    (message) =>
      appendTransactionMessageInstruction(
        getTransferSolInstruction({ source: faucet as never, destination: to, amount: lamports(amount) }),
        message,
      ),
    (message) => signTransactionMessageWithSigners(message),
  )
  return ledger.submit(new Uint8Array(getTransactionEncoder().encode(signed)), { preflight: true })
}

export const transactionMethods: Record<string, Method> = {
  getFeeForMessage: (params, { ledger }) => {
    const args = positional(params, 1, 2)
    options(ledger, args, 1)
    const message = decoding(() => decodeMessage(decodeBytes(text(args[0]), 'base64')))
    return withContext(ledger, ledger.isBlockhashValid(message.lifetimeToken) ? feeOf(message) : null)
  },

  sendTransaction: (params, { ledger }) => {
    const args = positional(params, 1, 2)
    const read = options(ledger, args, 1)
    const skipPreflight = flag(read.skipPreflight, false)
    if (read.maxRetries !== undefined && read.maxRetries !== null)
      integer(read.maxRetries, 0, 65_535, 'usize')
    const wire = wireOf(args[0], read)
    return decoding(() => ledger.submit(wire, { preflight: !skipPreflight }))
  },

  simulateTransaction: (params, { ledger }) => {
    const args = positional(params, 1, 2)
    const read = options(ledger, args, 1)
    const sigVerify = flag(read.sigVerify, false)
    const replaceRecentBlockhash = flag(read.replaceRecentBlockhash, false)
    if (sigVerify && replaceRecentBlockhash)
      throw invalidParams('sigVerify may not be used with replaceRecentBlockhash')
    const wire = wireOf(args[0], { encoding: read.encoding ?? 'base58' })
    const run = decoding(() => ledger.simulate(wire, { sigVerify, replaceRecentBlockhash }))
    return withContext(ledger, {
      err: run.err,
      logs: run.logs,
      accounts: null,
      unitsConsumed: run.unitsConsumed,
      returnData: null,
      innerInstructions: null,
      fee: feeOf(run.message),
      replacementBlockhash: replaceRecentBlockhash ? ledger.latestBlockhash() : null,
    })
  },

  getSignatureStatuses: (params, { ledger }) => {
    const args = positional(params, 1, 2)
    if (!Array.isArray(args[0]))
      throw invalidParams('Invalid params: invalid type, expected a sequence of signatures.')
    if (args[0].length > MAX_STATUSES) throw invalidParams(`Too many inputs provided; max ${MAX_STATUSES}`)
    const signatures = args[0].map(signature)
    flag(config(args[1]).searchTransactionHistory, false)
    return withContext(
      ledger,
      signatures.map((each) => {
        const landed = ledger.transaction(each)
        return landed ? status(landed) : null
      }),
    )
  },

  getSignaturesForAddress: (params, { ledger }) => {
    const args = positional(params, 1, 2)
    const address = pubkey(args[0])
    const read = options(ledger, args, 1)
    const limit =
      read.limit === undefined || read.limit === null
        ? MAX_SIGNATURES_PAGE
        : integer(read.limit, 1, MAX_SIGNATURES_PAGE, `a limit of 1 to ${MAX_SIGNATURES_PAGE}`)
    const before = read.before === undefined || read.before === null ? undefined : signature(read.before)
    const until = read.until === undefined || read.until === null ? undefined : signature(read.until)
    let list = ledger.signaturesFor(address)
    if (before !== undefined)
      list = list.slice(list.findIndex((landed) => landed.signature === before) + 1 || list.length)
    if (until !== undefined) {
      const end = list.findIndex((landed) => landed.signature === until)
      if (end >= 0) list = list.slice(0, end)
    }
    return list.slice(0, limit).map((landed) => ({
      signature: landed.signature,
      slot: landed.slot,
      err: landed.err,
      memo: null,
      blockTime: landed.blockTime,
      confirmationStatus: 'finalized',
    }))
  },

  getTransaction: (params, { ledger }) => {
    const args = positional(params, 1, 2)
    const wanted = signature(args[0])
    const read = config(args[1])
    const encoding = oneOf(read.encoding, ['json', 'base64', 'base58'] as const, 'json')
    const maxVersion = read.maxSupportedTransactionVersion
    if (maxVersion !== undefined && maxVersion !== null) integer(maxVersion, 0, 0, 'a version of 0')
    const landed = ledger.transaction(wanted)
    if (!landed) return null
    if (landed.message.version !== 'legacy' && (maxVersion === undefined || maxVersion === null))
      throw new RpcFailure(
        RPC_ERROR.unsupportedTransactionVersion,
        `Transaction version (${landed.message.version}) is not supported by the requesting client. Please try the request again with the following configuration parameter: "maxSupportedTransactionVersion": ${landed.message.version}`,
      )
    return transactionJson(landed, encoding)
  },

  requestAirdrop: async (params, { ledger, faucet }) => {
    const args = positional(params, 2, 3)
    const to = pubkey(args[0])
    const amount = integer(
      args[1],
      1,
      Number(MAX_AIRDROP_LAMPORTS),
      `at most ${MAX_AIRDROP_LAMPORTS} lamports`,
    )
    options(ledger, args, 2)
    return airdrop(ledger, faucet, to, BigInt(amount))
  },
}
