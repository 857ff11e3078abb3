/** A call of the connected wallet's own RPC (EIP-1193 `request`): the methods the chain's node doesn't know. */
export type WalletRequest = (method: string, params: unknown[]) => Promise<unknown>
