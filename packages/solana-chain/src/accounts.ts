// Accounts as Solana's JSON-RPC writes them: base58, base64, base64+zstd is refused, jsonParsed for SPL Token.
import {
  type Address,
  type EncodedAccount,
  getBase58Decoder,
  getBase64Decoder,
  isSome,
  type MaybeEncodedAccount,
} from '@solana/kit'
import {
  AccountState,
  getMintDecoder,
  getMintSize,
  getTokenDecoder,
  getTokenSize,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token'
import { invalidParams } from './rpc-errors'

export type AccountEncoding = 'base58' | 'base64' | 'jsonParsed'
/** Solana refuses base58 for data over 128 bytes. */
const MAX_BASE58_BYTES = 128
/** Every account here is rent-exempt, which Solana writes as rent epoch u64::MAX. */
const RENT_EXEMPT_EPOCH = 18446744073709551615n

const optional = (value: { __option: 'Some'; value: Address } | { __option: 'None' }) =>
  isSome(value) ? value.value : null

/** A token amount in Solana's UiTokenAmount shape. */
export function uiTokenAmount(amount: bigint, decimals: number) {
  const whole = amount.toString().padStart(decimals + 1, '0')
  const text = decimals === 0 ? whole : `${whole.slice(0, -decimals)}.${whole.slice(-decimals)}`
  const uiAmountString = text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text
  return { amount: amount.toString(), decimals, uiAmount: Number(uiAmountString), uiAmountString }
}

/** An SPL Token account or mint decoded, or undefined for any other data. */
export function parseTokenData(
  data: Uint8Array,
  owner: string,
  decimalsOf: (mint: Address) => number | undefined,
):
  | { program: 'spl-token'; parsed: { type: string; info: Record<string, unknown> }; space: number }
  | undefined {
  if (owner !== TOKEN_PROGRAM_ADDRESS) return undefined
  const space = data.length
  if (space === getTokenSize()) {
    const token = getTokenDecoder().decode(data)
    const decimals = decimalsOf(token.mint)
    if (decimals === undefined || token.state === AccountState.Uninitialized) return undefined
    const isNative = isSome(token.isNative)
    return {
      program: 'spl-token',
      space,
      parsed: {
        type: 'account',
        info: {
          isNative,
          mint: token.mint,
          owner: token.owner,
          state: token.state === AccountState.Frozen ? 'frozen' : 'initialized',
          tokenAmount: uiTokenAmount(token.amount, decimals),
          ...(isSome(token.delegate)
            ? {
                delegate: token.delegate.value,
                delegatedAmount: uiTokenAmount(token.delegatedAmount, decimals),
              }
            : {}),
          ...(isSome(token.closeAuthority) ? { closeAuthority: token.closeAuthority.value } : {}),
        },
      },
    }
  }
  if (space === getMintSize()) {
    const mint = getMintDecoder().decode(data)
    return {
      program: 'spl-token',
      space,
      parsed: {
        type: 'mint',
        info: {
          decimals: mint.decimals,
          freezeAuthority: optional(mint.freezeAuthority),
          isInitialized: mint.isInitialized,
          mintAuthority: optional(mint.mintAuthority),
          supply: mint.supply.toString(),
        },
      },
    }
  }
  return undefined
}

export type DataSlice = { offset: number; length: number }

/** One account in getAccountInfo's shape, or null when it does not exist. */
export function encodeAccount(
  account: MaybeEncodedAccount,
  encoding: AccountEncoding,
  decimalsOf: (mint: Address) => number | undefined,
  slice?: DataSlice,
) {
  if (!account.exists) return null
  const { data: full, programAddress, lamports, executable } = account as EncodedAccount
  const bytes = new Uint8Array(full)
  const data = slice ? bytes.slice(slice.offset, slice.offset + slice.length) : bytes
  const common = {
    executable,
    lamports,
    owner: programAddress,
    rentEpoch: RENT_EXEMPT_EPOCH,
    space: bytes.length,
  }
  const parsed =
    encoding === 'jsonParsed' && !slice ? parseTokenData(bytes, programAddress, decimalsOf) : undefined
  if (parsed) return { ...common, data: parsed }
  if (encoding === 'base58') {
    if (data.length > MAX_BASE58_BYTES)
      throw invalidParams(
        `Encoded binary (base 58) data should be less than ${MAX_BASE58_BYTES} bytes, please use Base64 encoding.`,
      )
    return { ...common, data: [getBase58Decoder().decode(data), 'base58'] }
  }
  return { ...common, data: [getBase64Decoder().decode(data), 'base64'] }
}
