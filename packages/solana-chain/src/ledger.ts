// The chain's state around LiteSVM: blocks, the blockhash queue, landed transactions and what subscribers hear.
import { EventEmitter } from 'node:events'
import {
  type Address,
  assertIsFullySignedTransaction,
  getBase58Decoder,
  type MaybeEncodedAccount,
  type Transaction,
} from '@solana/kit'
import { TOKEN_PROGRAM_ADDRESS } from '@solana-program/token'
import { Clock, FailedTransactionMetadata, LiteSVM, type TransactionMetadata } from 'litesvm'
import { parseTokenData, type uiTokenAmount } from './accounts'
import { BLOCKHASH_VALID_BLOCKS } from './constants'
import { RPC_ERROR, RPC_TEXT, RpcFailure } from './rpc-errors'
import { describeError, isDropped, type JsonTransactionError, toJsonError } from './tx-errors'
import { decodeTransaction, feeOf, type Message } from './wire'

type TokenBalance = {
  accountIndex: number
  mint: string
  owner: string
  programId: string
  uiTokenAmount: ReturnType<typeof uiTokenAmount>
}

/** A transaction that landed in a block (successfully or not: a failed one still pays its fee). */
export type Landed = {
  signature: string
  /** Every signature, in the order of the signers (the first is the transaction's id). */
  signatures: string[]
  slot: bigint
  blockTime: number
  wire: Uint8Array
  message: Message
  err: JsonTransactionError | null
  fee: bigint
  preBalances: bigint[]
  postBalances: bigint[]
  preTokenBalances: TokenBalance[]
  postTokenBalances: TokenBalance[]
  logs: string[]
  unitsConsumed: bigint
}

export type Execution = { err: JsonTransactionError | null; logs: string[]; unitsConsumed: bigint }

/** How many recent slots SlotHashes holds (Solana's `MAX_ENTRIES`). */
const SLOT_HASHES_MAX = 512

type LedgerEvents = { block: [slot: bigint]; landed: [landed: Landed] }

const signaturesOf = (transaction: Transaction) =>
  Object.values(transaction.signatures).map((bytes) => getBase58Decoder().decode(bytes ?? new Uint8Array(64)))

function execution(result: TransactionMetadata | FailedTransactionMetadata): Execution {
  const meta = result instanceof FailedTransactionMetadata ? result.meta() : result
  return {
    err: result instanceof FailedTransactionMetadata ? toJsonError(result.err()) : null,
    logs: meta.logs(),
    unitsConsumed: meta.computeUnitsConsumed(),
  }
}

/**
 * One LiteSVM with a block per landed transaction (and one per `tick`), each with a new blockhash; blockhashes stay
 * valid for 150 blocks, as on Solana (LiteSVM's own check knows only the latest, so the ledger checks itself).
 */
export class Ledger {
  readonly svm = new LiteSVM().withBlockhashCheck(false)
  readonly events = new EventEmitter<LedgerEvents>()
  private slot = 0n
  /** Recent blockhashes and the block each was made in, oldest first. */
  private readonly blockhashes = new Map<string, bigint>()
  private readonly landed = new Map<string, Landed>()
  /** Signatures by the addresses they touched, oldest first. */
  private readonly byAddress = new Map<string, string[]>()

  constructor() {
    this.newBlock()
  }

  get blockHeight(): bigint {
    return this.slot
  }

  latestBlockhash(): { blockhash: string; lastValidBlockHeight: bigint } {
    const blockhash = this.svm.latestBlockhash()
    return {
      blockhash,
      lastValidBlockHeight: (this.blockhashes.get(blockhash) ?? this.slot) + BigInt(BLOCKHASH_VALID_BLOCKS),
    }
  }

  isBlockhashValid(blockhash: string): boolean {
    const made = this.blockhashes.get(blockhash)
    return made !== undefined && this.slot - made <= BigInt(BLOCKHASH_VALID_BLOCKS)
  }

  /** A new block: the slot moves on, the clock reads now, a new blockhash joins the queue. */
  newBlock(): bigint {
    if (this.blockhashes.size > 0) {
      this.slot += 1n
      this.svm.warpToSlot(this.slot)
      this.svm.expireBlockhash()
    }
    const clock = this.svm.getClock()
    this.svm.setClock(
      new Clock(
        this.slot,
        clock.epochStartTimestamp,
        clock.epoch,
        clock.leaderScheduleEpoch,
        BigInt(Math.floor(Date.now() / 1000)),
      ),
    )
    this.blockhashes.set(this.svm.latestBlockhash(), this.slot)
    this.recordSlot()
    for (const [hash, made] of this.blockhashes) {
      if (this.slot - made <= BigInt(BLOCKHASH_VALID_BLOCKS)) break
      this.blockhashes.delete(hash)
    }
    this.events.emit('block', this.slot)
    return this.slot
  }

  /**
   * The SlotHashes sysvar names this block, newest first, as Solana's does (LiteSVM's warp leaves its one default
   * entry): an address lookup table is derived from a recent slot, so `getSlot` gives one the program takes.
   */
  private recordSlot() {
    // LiteSVM's SlotHash has no constructor: a copy of an entry is made this block's.
    const entry = this.svm.getSlotHashes()[0]
    if (!entry) return
    entry.slot = this.slot
    entry.hash = this.svm.latestBlockhash()
    const older = this.svm.getSlotHashes().filter((hash) => hash.slot < this.slot)
    this.svm.setSlotHashes([entry, ...older].slice(0, SLOT_HASHES_MAX))
  }

  account(address: Address): MaybeEncodedAccount {
    return this.svm.getAccount(address)
  }

  /** A mint's decimals, when `mint` is an SPL Token mint. */
  decimalsOf = (mint: Address): number | undefined => {
    const account = this.svm.getAccount(mint)
    if (!account.exists) return undefined
    const parsed = parseTokenData(new Uint8Array(account.data), account.programAddress, () => undefined)
    return parsed?.parsed.type === 'mint' ? (parsed.parsed.info.decimals as number) : undefined
  }

  private tokenBalances(keys: readonly Address[]): TokenBalance[] {
    return keys.flatMap((key, accountIndex) => {
      const account = this.svm.getAccount(key)
      if (!account.exists || account.programAddress !== TOKEN_PROGRAM_ADDRESS) return []
      const parsed = parseTokenData(new Uint8Array(account.data), account.programAddress, this.decimalsOf)
      if (parsed?.parsed.type !== 'account') return []
      const info = parsed.parsed.info as {
        mint: string
        owner: string
        tokenAmount: TokenBalance['uiTokenAmount']
      }
      return [
        {
          accountIndex,
          mint: info.mint,
          owner: info.owner,
          programId: TOKEN_PROGRAM_ADDRESS,
          uiTokenAmount: info.tokenAmount,
        },
      ]
    })
  }

  private checkSigned(transaction: Transaction) {
    try {
      assertIsFullySignedTransaction(transaction)
    } catch {
      throw new RpcFailure(RPC_ERROR.signatureVerification, RPC_TEXT.signatureVerification)
    }
  }

  /** Runs `wire` without keeping its effects. */
  simulate(
    wire: Uint8Array,
    { sigVerify, replaceRecentBlockhash }: { sigVerify: boolean; replaceRecentBlockhash: boolean },
  ): Execution & { message: Message } {
    const { transaction, message } = decodeTransaction(wire)
    if (sigVerify) this.checkSigned(transaction)
    if (!replaceRecentBlockhash && !this.isBlockhashValid(message.lifetimeToken))
      return { message, err: 'BlockhashNotFound', logs: [], unitsConsumed: 0n }
    this.svm.withSigverify(sigVerify)
    try {
      const result = this.svm.simulateTransaction(transaction)
      return {
        message,
        ...(result instanceof FailedTransactionMetadata ? execution(result) : execution(result.meta())),
      }
    } finally {
      this.svm.withSigverify(true)
    }
  }

  /**
   * Lands `wire` in a new block and answers its signature. With `preflight`, a transaction that would fail is
   * refused (Solana's -32002) and nothing lands; without, it lands failed (its fee paid) or, when it could not even
   * start, is dropped.
   */
  submit(wire: Uint8Array, { preflight }: { preflight: boolean }): string {
    const { transaction, message } = decodeTransaction(wire)
    this.checkSigned(transaction)
    const signatures = signaturesOf(transaction)
    const signature = signatures[0] as string
    const refuse = (run: Execution) => {
      throw new RpcFailure(
        RPC_ERROR.preflightFailure,
        `Transaction simulation failed: ${describeError(run.err ?? '')}`,
        {
          accounts: null,
          err: run.err,
          innerInstructions: null,
          logs: run.logs,
          replacementBlockhash: null,
          returnData: null,
          unitsConsumed: run.unitsConsumed,
        },
      )
    }
    const fresh = !this.landed.has(signature)
    if (!fresh || !this.isBlockhashValid(message.lifetimeToken)) {
      const err = fresh ? 'BlockhashNotFound' : 'AlreadyProcessed'
      if (preflight) refuse({ err, logs: [], unitsConsumed: 0n })
      return signature
    }
    if (preflight) {
      const run = this.simulate(wire, { sigVerify: true, replaceRecentBlockhash: false })
      // Solana checks signatures before it simulates: a bad one is -32003, not a simulation failure.
      if (run.err === 'SignatureFailure')
        throw new RpcFailure(RPC_ERROR.signatureVerification, RPC_TEXT.signatureVerification)
      if (run.err !== null) refuse(run)
    }
    const keys = message.staticAccounts
    const preBalances = keys.map((key) => this.svm.getBalance(key) ?? 0n)
    const preTokenBalances = this.tokenBalances(keys)
    const run = execution(this.svm.sendTransaction(transaction))
    if (run.err !== null && isDropped(run.err)) {
      if (run.err === 'SignatureFailure')
        throw new RpcFailure(RPC_ERROR.signatureVerification, RPC_TEXT.signatureVerification)
      return signature
    }
    const slot = this.newBlock()
    const landed: Landed = {
      signature,
      signatures,
      slot,
      blockTime: Math.floor(Date.now() / 1000),
      wire,
      message,
      ...run,
      fee: feeOf(message),
      preBalances,
      postBalances: keys.map((key) => this.svm.getBalance(key) ?? 0n),
      preTokenBalances,
      postTokenBalances: this.tokenBalances(keys),
    }
    this.landed.set(signature, landed)
    for (const key of new Set(keys)) {
      const list = this.byAddress.get(key) ?? []
      list.push(signature)
      this.byAddress.set(key, list)
    }
    this.events.emit('landed', landed)
    return signature
  }

  transaction(signature: string): Landed | undefined {
    return this.landed.get(signature)
  }

  /** Signatures that touched `address`, newest first. */
  signaturesFor(address: string): Landed[] {
    return (this.byAddress.get(address) ?? [])
      .map((signature) => this.landed.get(signature) as Landed)
      .reverse()
  }
}
