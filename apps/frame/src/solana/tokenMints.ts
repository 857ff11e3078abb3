import { isAddress } from '@solana/kit'
import type { NetworkRpc } from '../networkRpc'
import { type DecodedTransaction, type SolanaAction, TOKEN_PROGRAMS } from './decode'
import type { SolanaNetwork } from './networks'

type TokenTransfer = Extract<SolanaAction, { kind: 'tokenTransfer' }>

/** A token account as getAccountInfo answers it in jsonParsed: its mint and decimals, or undefined. */
function mintOf(value: unknown): { mint: string; decimals: number } | undefined {
  const account = value as {
    owner?: unknown
    data?: { parsed?: { type?: unknown; info?: { mint?: unknown; tokenAmount?: { decimals?: unknown } } } }
  } | null
  if (typeof account?.owner !== 'string' || !TOKEN_PROGRAMS.has(account.owner)) return undefined
  const parsed = account.data?.parsed
  const mint = parsed?.info?.mint
  const decimals = parsed?.info?.tokenAmount?.decimals
  if (parsed?.type !== 'account' || typeof mint !== 'string' || !isAddress(mint)) return undefined
  if (typeof decimals !== 'number' || !Number.isInteger(decimals) || decimals < 0 || decimals > 255)
    return undefined
  return { mint, decimals }
}

async function withSourceMint(call: NetworkRpc, network: SolanaNetwork, action: TokenTransfer) {
  try {
    const answer = await call(network, 'getAccountInfo', [
      action.source,
      { encoding: 'jsonParsed', commitment: 'confirmed' },
    ])
    const read = mintOf((answer as { value?: unknown } | null)?.value)
    if (!read || (action.mint !== undefined && action.mint !== read.mint)) return action
    return { ...action, mint: read.mint as TokenTransfer['source'], decimals: read.decimals }
  } catch {
    return action
  }
}

/**
 * An SPL Token `Transfer` (unlike `TransferChecked`) names no mint nor decimals: its source token account is read
 * through the network's RPC (getAccountInfo, jsonParsed, confirmed) for them, so the screen names the token and the
 * amount. A token account's mint never changes, nor a mint's decimals. When the read fails, or gives a mint other
 * than the one the transaction implies (the account it creates), the action is kept as decoded and the screen says
 * the token is not known.
 */
export async function withSourceMints(
  call: NetworkRpc,
  network: SolanaNetwork,
  decoded: DecodedTransaction,
): Promise<DecodedTransaction> {
  const actions = await Promise.all(
    decoded.actions.map((action) =>
      action.kind === 'tokenTransfer' && action.decimals === undefined
        ? withSourceMint(call, network, action)
        : action,
    ),
  )
  return { ...decoded, actions }
}
