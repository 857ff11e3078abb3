// LiteSVM's transaction errors in Solana's JSON-RPC forms: the JSON of solana's TransactionError and its text.
import type { FailedTransactionMetadata } from 'litesvm'

/** TransactionError's variants without fields, in LiteSVM's (and Solana's) order. */
const TRANSACTION_ERRORS = [
  'AccountInUse',
  'AccountLoadedTwice',
  'AccountNotFound',
  'ProgramAccountNotFound',
  'InsufficientFundsForFee',
  'InvalidAccountForFee',
  'AlreadyProcessed',
  'BlockhashNotFound',
  'CallChainTooDeep',
  'MissingSignatureForFee',
  'InvalidAccountIndex',
  'SignatureFailure',
  'InvalidProgramForExecution',
  'SanitizeFailure',
  'ClusterMaintenance',
  'AccountBorrowOutstanding',
  'WouldExceedMaxBlockCostLimit',
  'UnsupportedVersion',
  'InvalidWritableAccount',
  'WouldExceedMaxAccountCostLimit',
  'WouldExceedAccountDataBlockLimit',
  'TooManyAccountLocks',
  'AddressLookupTableNotFound',
  'InvalidAddressLookupTableOwner',
  'InvalidAddressLookupTableData',
  'InvalidAddressLookupTableIndex',
  'InvalidRentPayingAccount',
  'WouldExceedMaxVoteCostLimit',
  'WouldExceedAccountDataTotalLimit',
  'MaxLoadedAccountsDataSizeExceeded',
  'ResanitizationNeeded',
  'InvalidLoadedAccountsDataSizeLimit',
  'UnbalancedTransaction',
  'ProgramCacheHitMaxLimit',
  'CommitCancelled',
] as const

/** InstructionError's variants without fields, likewise. */
const INSTRUCTION_ERRORS = [
  'GenericError',
  'InvalidArgument',
  'InvalidInstructionData',
  'InvalidAccountData',
  'AccountDataTooSmall',
  'InsufficientFunds',
  'IncorrectProgramId',
  'MissingRequiredSignature',
  'AccountAlreadyInitialized',
  'UninitializedAccount',
  'UnbalancedInstruction',
  'ModifiedProgramId',
  'ExternalAccountLamportSpend',
  'ExternalAccountDataModified',
  'ReadonlyLamportChange',
  'ReadonlyDataModified',
  'DuplicateAccountIndex',
  'ExecutableModified',
  'RentEpochModified',
  'NotEnoughAccountKeys',
  'AccountDataSizeChanged',
  'AccountNotExecutable',
  'AccountBorrowFailed',
  'AccountBorrowOutstanding',
  'DuplicateAccountOutOfSync',
  'InvalidError',
  'ExecutableDataModified',
  'ExecutableLamportChange',
  'ExecutableAccountNotRentExempt',
  'UnsupportedProgramId',
  'CallDepth',
  'MissingAccount',
  'ReentrancyNotAllowed',
  'MaxSeedLengthExceeded',
  'InvalidSeeds',
  'InvalidRealloc',
  'ComputationalBudgetExceeded',
  'PrivilegeEscalation',
  'ProgramEnvironmentSetupFailure',
  'ProgramFailedToComplete',
  'ProgramFailedToCompile',
  'Immutable',
  'IncorrectAuthority',
  'AccountNotRentExempt',
  'InvalidAccountOwner',
  'ArithmeticOverflow',
  'UnsupportedSysvar',
  'IllegalOwner',
  'MaxAccountsDataAllocationsExceeded',
  'MaxAccountsExceeded',
  'MaxInstructionTraceLengthExceeded',
  'BuiltinProgramsMustConsumeComputeUnits',
  'BorshIoError',
] as const

/** Solana's texts (its Display) of the errors a wallet meets; the rest are shown by name. */
const TEXTS: Readonly<Record<string, string>> = {
  AccountNotFound: 'Attempt to debit an account but found no record of a prior credit.',
  InsufficientFundsForFee: 'Insufficient funds for fee',
  AlreadyProcessed: 'This transaction has already been processed',
  BlockhashNotFound: 'Blockhash not found',
  SignatureFailure: 'Transaction did not pass signature verification',
  InvalidAccountForFee: 'This account may not be used to pay transaction fees',
  InsufficientFunds: 'insufficient funds for instruction',
  InvalidAccountData: 'invalid account data for instruction',
  InvalidInstructionData: 'invalid instruction data',
  MissingRequiredSignature: 'missing required signature for instruction',
}

/** A TransactionError as Solana's JSON writes it: a string, or `{ Variant: fields }`. */
export type JsonTransactionError = string | Record<string, unknown>

type LiteSvmError = ReturnType<FailedTransactionMetadata['err']>

function instructionError(error: unknown): unknown {
  if (typeof error === 'number') return INSTRUCTION_ERRORS[error] ?? 'GenericError'
  if (error && typeof error === 'object' && 'code' in error) return { Custom: Number(error.code) }
  if (error && typeof error === 'object' && 'msg' in error) return { BorshIoError: String(error.msg) }
  return 'GenericError'
}

export function toJsonError(error: LiteSvmError): JsonTransactionError {
  if (typeof error === 'number') return TRANSACTION_ERRORS[error] ?? 'SanitizeFailure'
  const name = error.constructor.name.replace(/^TransactionError/, '')
  if ('err' in error) return { InstructionError: [error.index, instructionError(error.err())] }
  if ('accountIndex' in error) return { [name]: { account_index: error.accountIndex } }
  return { [name]: error.index }
}

/** The text Solana gives an error (after "Transaction simulation failed: "). */
export function describeError(error: JsonTransactionError): string {
  if (typeof error === 'string') return TEXTS[error] ?? error
  const instruction = error.InstructionError as [number, unknown] | undefined
  if (!instruction) return Object.keys(error)[0] ?? 'Unknown error'
  const [index, cause] = instruction
  const detail =
    typeof cause === 'string'
      ? (TEXTS[cause] ?? cause)
      : cause && typeof cause === 'object' && 'Custom' in cause
        ? `custom program error: 0x${Number(cause.Custom).toString(16)}`
        : JSON.stringify(cause)
  return `Error processing Instruction ${index}: ${detail}`
}

/** Errors after which nothing of the transaction lands (no fee taken): those raised before it runs. */
export const isDropped = (error: JsonTransactionError) => typeof error === 'string'
