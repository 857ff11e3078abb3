import type {
  ConvertBuild,
  ConvertBuildRequest,
  ConvertGasPrice,
  ConvertQuote,
  ConvertQuoteQuery,
  ConvertToken,
  ConvertTransaction,
} from '@allaccess/protocol'
import {
  readConvertAllowance,
  readConvertApprove,
  readConvertBuild,
  readConvertGasPrice,
  readConvertQuotes,
  readConvertTokens,
} from './answers'

export type ConvertClientOptions = {
  /** The cloud client's request: refusals as CloudHttpError, no answer as CloudUnreachableError. */
  getJson(path: string, params?: Record<string, string | undefined>, init?: RequestInit): Promise<unknown>
}

/**
 * The cloud's convert service (docs/behaviour.md#swaps): the tokens a chain's exchange swaps, quotes, allowances,
 * and the approval and swap transactions for the wallet to send. Tokens are fungible ids, amounts base units.
 * The cloud client loads this module on first use.
 */
export function createConvertClient({ getJson }: ConvertClientOptions) {
  return {
    async tokens(chainId: string): Promise<ConvertToken[]> {
      return readConvertTokens(await getJson('/v1/convert/tokens', { chainId })).tokens
    },
    /** The best quote; the cloud's refusal (no route, unsupported network) as CloudHttpError. */
    async quote(query: ConvertQuoteQuery, signal?: AbortSignal): Promise<ConvertQuote> {
      const [quote] = readConvertQuotes(
        await getJson('/v1/convert/quotes', query, signal && { signal }),
      ).quotes
      if (!quote) throw new Error('The cloud answered no quote')
      return quote
    },
    async allowance(tokenAddress: string, userAddress: string): Promise<bigint> {
      return BigInt(
        readConvertAllowance(await getJson('/v1/convert/allowance', { tokenAddress, userAddress })).allowance,
      )
    },
    async gasPrice(chainId: string): Promise<ConvertGasPrice> {
      return readConvertGasPrice(await getJson('/v1/convert/gas-price', { chainId }))
    },
    async buildApprove(query: {
      userAddress: string
      from: string
      to: string
      amount: string
    }): Promise<ConvertTransaction> {
      return readConvertApprove(await getJson('/v1/convert/build-approve', query)).tx
    },
    async buildTransaction(request: ConvertBuildRequest): Promise<ConvertBuild['tx']> {
      return readConvertBuild(
        await getJson('/v1/convert/build-transaction', {}, { method: 'POST', body: JSON.stringify(request) }),
      ).tx
    },
  }
}

export type ConvertClient = ReturnType<typeof createConvertClient>
