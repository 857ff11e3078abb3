import type { PreparedOperation } from './userOperations'

/** initSmartAccount's approval: the operation that only delegates the address, as it will be signed. */
export type SmartApproval = { method: 'initSmartAccount'; chainId: number; prepared: PreparedOperation }
