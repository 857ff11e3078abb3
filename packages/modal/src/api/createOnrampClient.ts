import {
  ONRAMP_ORDER_PATH,
  type OnrampOptions,
  type OnrampOrder,
  type OnrampQuote,
  type OnrampQuoteRequest,
  type OnrampUrl,
  type OnrampUrlRequest,
  onrampOptionsSchema,
  onrampOrderSchema,
  onrampQuoteSchema,
  onrampUrlSchema,
} from '@allaccess/protocol'
import type * as z from 'zod/mini'
import { CloudResponseError } from './errors'

export type OnrampClientOptions = {
  /** The cloud client's request: refusals as CloudHttpError, no answer as CloudUnreachableError. */
  getJson(path: string, params?: Record<string, string | undefined>, init?: RequestInit): Promise<unknown>
}

function read<T>(schema: z.ZodMiniType<T>, body: unknown, what: string): T {
  const parsed = schema.safeParse(body)
  if (!parsed.success) throw new CloudResponseError(`The cloud's ${what} has an unexpected shape`)
  return parsed.data
}

const post = (body: unknown): RequestInit => ({ method: 'POST', body: JSON.stringify(body) })

/**
 * The cloud's on-ramp (docs/behaviour.md#on-ramp): the currencies, quotes, the provider's checkout URL and the
 * order's status. The cloud client loads this module on first use.
 */
export function createOnrampClient({ getJson }: OnrampClientOptions) {
  return {
    async options(): Promise<OnrampOptions> {
      return read(onrampOptionsSchema, await getJson('/v1/onramp/options'), 'on-ramp options')
    },
    async quote(request: OnrampQuoteRequest, signal?: AbortSignal): Promise<OnrampQuote> {
      const init = { ...post(request), ...(signal ? { signal } : {}) }
      return read(onrampQuoteSchema, await getJson('/v1/onramp/quote', {}, init), 'quote')
    },
    async checkoutUrl(request: OnrampUrlRequest): Promise<OnrampUrl> {
      return read(
        onrampUrlSchema,
        await getJson('/v1/generators/onrampurl', {}, post(request)),
        'checkout URL',
      )
    },
    async order(id: string): Promise<OnrampOrder> {
      const path = ONRAMP_ORDER_PATH.replace('{id}', encodeURIComponent(id))
      return read(onrampOrderSchema, await getJson(path), 'order')
    },
  }
}

export type OnrampClient = ReturnType<typeof createOnrampClient>
