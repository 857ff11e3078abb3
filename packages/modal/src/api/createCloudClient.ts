import type { GetWalletsParams, RemoteFeature, WalletListing, WalletPage } from '../core/types'
import { CloudHttpError, CloudResponseError, CloudUnreachableError } from './errors'

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
 * The only module that knows the cloud's URLs (spec §7). Requests carry project id, sdk type and version as
 * query parameters (no CORS pre-flight); answers are checked for their documented shape.
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
    signal?: AbortSignal,
  ): Promise<unknown> {
    let response: Response
    try {
      response = await doFetch(url(path, params), signal ? { signal } : undefined)
    } catch (error) {
      if (signal?.aborted) throw error
      throw new CloudUnreachableError(`The cloud at ${baseUrl} can't be reached`, { cause: error })
    }
    const body: unknown = await response.json().catch(() => undefined)
    if (!response.ok) {
      const message = isRecord(body) && typeof body.message === 'string' ? body.message : response.statusText
      const retryAfter = Number(response.headers.get('retry-after'))
      throw new CloudHttpError(response.status, message, Number.isFinite(retryAfter) ? retryAfter : undefined)
    }
    return body
  }

  return {
    baseUrl,
    async getWallets(params: GetWalletsParams = {}, signal?: AbortSignal): Promise<WalletPage> {
      const body = await getJson('/getWallets', params, signal)
      if (!isRecord(body) || !Array.isArray(body.data) || typeof body.count !== 'number') {
        throw new CloudResponseError('/getWallets answered without data and count')
      }
      return { data: body.data.filter(isWalletListing), count: body.count }
    },
    async getFeatures(): Promise<RemoteFeature[]> {
      const body = await getJson('/appkit/v1/config')
      if (!isRecord(body) || !Array.isArray(body.features)) {
        throw new CloudResponseError('/appkit/v1/config answered without features')
      }
      return body.features.filter(
        (feature): feature is RemoteFeature =>
          isRecord(feature) && typeof feature.id === 'string' && typeof feature.isEnabled === 'boolean',
      )
    },
    async getAllowedOrigins(): Promise<string[]> {
      const body = await getJson('/projects/v1/origins')
      if (!isRecord(body) || !Array.isArray(body.allowedOrigins)) {
        throw new CloudResponseError('/projects/v1/origins answered without allowedOrigins')
      }
      return body.allowedOrigins.filter((origin): origin is string => typeof origin === 'string')
    },
    async getAnalyticsConfig(): Promise<{ isAnalyticsEnabled: boolean }> {
      const body = await getJson('/getAnalyticsConfig')
      if (!isRecord(body) || typeof body.isAnalyticsEnabled !== 'boolean') {
        throw new CloudResponseError('/getAnalyticsConfig answered without isAnalyticsEnabled')
      }
      return { isAnalyticsEnabled: body.isAnalyticsEnabled }
    },
    walletImageUrl: (imageId: string) => url(`/getWalletImage/${encodeURIComponent(imageId)}`),
  }
}

export type CloudClient = ReturnType<typeof createCloudClient>

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null
}

/** A listing is shown only with the fields the views rely on; anything else is dropped, not rendered. */
function isWalletListing(value: unknown): value is WalletListing {
  return (
    isRecord(value) &&
    typeof value.id === 'string' &&
    typeof value.name === 'string' &&
    Array.isArray(value.chains)
  )
}
