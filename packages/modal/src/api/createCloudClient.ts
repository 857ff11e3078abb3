import type { AnalyticsConfig, Feature, GetWalletsParams, WalletPage } from '@allaccess/protocol'
import type { AnalyticsTransport } from '../kernel/analytics/createAnalytics'
import type { KeyValueStorage } from '../kernel/environment'
import type { AccountClient } from './createAccountClient'
import type { ConvertClient } from './createConvertClient'
import type { NamesClient } from './createNamesClient'
import type { OnrampClient } from './createOnrampClient'
import type { SiwxClient } from './createSiwxClient'
import { CloudHttpError, CloudUnreachableError } from './errors'

export type CloudClientOptions = {
  /** The cloud's base URL, e.g. http://127.0.0.1:8787. Every service URL is configuration. */
  baseUrl: string
  projectId: string
  sdkType?: string
  sdkVersion?: string
  fetch?: typeof fetch
}

export const SDK_TYPE = 'allaccess'
export const SDK_VERSION = '0.1.0'

/**
 * The only module that knows the cloud's URLs (docs/behaviour.md#cloud). Requests carry project id, sdk type and version as
 * query parameters (no CORS pre-flight); answers are parsed with the contracts of @allaccess/protocol, by a
 * module that loads with the first request, so the page does not pay for the parser.
 */
export function createCloudClient(options: CloudClientOptions) {
  const baseUrl = options.baseUrl.replace(/\/+$/, '')
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init))
  const identity = {
    projectId: options.projectId,
    st: options.sdkType ?? SDK_TYPE,
    sv: options.sdkVersion ?? SDK_VERSION,
  }

  function url(path: string, params: Record<string, string | number | string[] | undefined> = {}): string {
    const target = new URL(`${baseUrl}${path}`)
    for (const [key, value] of Object.entries({ ...identity, ...params })) {
      if (value === undefined || (Array.isArray(value) && value.length === 0)) continue
      target.searchParams.set(key, Array.isArray(value) ? value.join(',') : String(value))
    }
    return target.toString()
  }

  async function getJson(
    path: string,
    params?: Parameters<typeof url>[1],
    init?: RequestInit,
  ): Promise<unknown> {
    let response: Response
    try {
      response = await doFetch(url(path, params), init)
    } catch (error) {
      if (init?.signal?.aborted) throw error
      throw new CloudUnreachableError(`The cloud at ${baseUrl} can't be reached`, { cause: error })
    }
    const body: unknown = await response.json().catch(() => undefined)
    if (!response.ok) {
      const message = isRecord(body) && typeof body.message === 'string' ? body.message : response.statusText
      const retryAfter = Number(response.headers.get('retry-after'))
      throw new CloudHttpError(
        response.status,
        message,
        Number.isFinite(retryAfter) ? retryAfter : undefined,
        reasonsOf(body),
      )
    }
    return body
  }

  const client = {
    baseUrl,
    async getWallets(params: GetWalletsParams = {}, signal?: AbortSignal): Promise<WalletPage> {
      const [body, { readWalletPage }] = await Promise.all([
        getJson('/getWallets', params, signal && { signal }),
        answers(),
      ])
      return readWalletPage(body)
    },
    async getFeatures(): Promise<Feature[]> {
      const [body, { readFeatures }] = await Promise.all([getJson('/appkit/v1/config'), answers()])
      return readFeatures(body)
    },
    async getAllowedOrigins(): Promise<string[]> {
      const [body, { readAllowedOrigins }] = await Promise.all([getJson('/projects/v1/origins'), answers()])
      return readAllowedOrigins(body)
    },
    async getAnalyticsConfig(): Promise<AnalyticsConfig> {
      const [body, { readAnalyticsConfig }] = await Promise.all([getJson('/getAnalyticsConfig'), answers()])
      return readAnalyticsConfig(body)
    },
    walletImageUrl: (imageId: string) => url(`/getWalletImage/${encodeURIComponent(imageId)}`),
    /** A network's image by its CAIP-2 id or the directory's asset id. */
    networkImageUrl: (id: string) => url(`/public/getAssetImage/${encodeURIComponent(id)}`),
    /** The project's ERC-7677 paymaster service on an EVM chain (docs/paymaster.md): a batch's gas, sponsored. */
    paymasterUrl: (chainId: number) => url('/v1/paymaster', { chainId: `eip155:${chainId}` }),
    /** The blockchain data service's account calls (balances, history, NFTs, identity, prices); loads on first use. */
    account: (): Promise<AccountClient> =>
      import('./createAccountClient').then((module) => module.createAccountClient({ url, getJson })),
    /** Sign-in sessions (`siwxFeature`'s default adapter) and the holders' area; the module loads on first use. */
    siwx: (options: { storage?: KeyValueStorage | undefined } = {}): Promise<SiwxClient> =>
      import('./createSiwxClient').then((module) => module.createSiwxClient({ getJson, ...options })),
    /** The name service (lookups, suggestions, registration); its module loads on first use. */
    names: (): Promise<NamesClient> =>
      import('./createNamesClient').then((module) => module.createNamesClient({ getJson })),
    /** The convert service (swap tokens, quotes, approvals, swaps); its module loads on first use. */
    convert: (): Promise<ConvertClient> =>
      import('./createConvertClient').then((module) => module.createConvertClient({ getJson })),
    /** The on-ramp (currencies, quotes, the provider's checkout, orders); its module loads on first use. */
    onramp: (): Promise<OnrampClient> =>
      import('./createOnrampClient').then((module) => module.createOnrampClient({ getJson })),
    /** The analytics transport (`/getAnalyticsConfig`, `POST /e`, `/batch`); its module loads on first use. */
    analytics: (): Promise<AnalyticsTransport> =>
      import('./createAnalyticsTransport').then((module) =>
        module.createAnalyticsTransport({
          url,
          fetch: doFetch,
          getAnalyticsConfig: client.getAnalyticsConfig,
        }),
      ),
  }
  return client
}

export type CloudClient = ReturnType<typeof createCloudClient>

/** The answer parser, loaded with the first request (with zod), in parallel with the request itself. */
const answers = () => import('./answers')

/** The descriptions of a refusal's `reasons: [{ description }]`, the ones that are text. */
function reasonsOf(body: unknown): string[] {
  if (!isRecord(body) || !Array.isArray(body.reasons)) return []
  return body.reasons.flatMap((reason: unknown) =>
    isRecord(reason) && typeof reason.description === 'string' ? [reason.description] : [],
  )
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null
}
