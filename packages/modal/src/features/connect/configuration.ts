import { type IdentityProvider, namesOrigin, remoteSocialOrder } from '@allaccess/protocol'
import type { CloudApi } from '../../api/types'
import { ALERTS, type Alert, alertForConfigFailure } from '../../kernel/alerts'
import { type Features, resolveFeatures } from '../../kernel/featureSwitches'
import { createStore } from '../../kernel/store'

/**
 * The project's remote configuration: allowed origins and features from the cloud, fetched once when the
 * modal is first used. A refusal raises the alert of docs/behaviour.md#configuration; any other failure is
 * reported (`onError`). The modal keeps working on local settings.
 */
export function createConfiguration(
  options: { api?: CloudApi; projectId: string; features?: Partial<Features>; metadata?: { url: string } },
  raise: (alert: Alert) => void,
  onError: (error: unknown) => void,
) {
  const store = createStore<{
    features: Features
    /** The social providers' order the project sets (`social_login`'s config), over the site's own. */
    socialOrder: IdentityProvider[] | undefined
    loaded: boolean
  }>({
    features: resolveFeatures(options.features ?? {}, undefined),
    socialOrder: undefined,
    loaded: false,
  })
  let loading: Promise<void> | undefined

  function load(): Promise<void> {
    loading ??= (async () => {
      if (!options.projectId.trim()) {
        raise(ALERTS.projectIdNotConfigured)
        return
      }
      const { api } = options
      if (!api) return
      try {
        const [allowed, remote] = await Promise.all([api.getAllowedOrigins(), api.getFeatures()])
        store.setState({
          features: resolveFeatures(options.features ?? {}, remote),
          socialOrder: remoteSocialOrder(remote),
          loaded: true,
        })
        if (isUnverified(allowed, options.metadata?.url)) raise(ALERTS.unverifiedDomain)
      } catch (error) {
        const alert = alertForConfigFailure(error as { status?: number; message?: string })
        if (alert) return raise(alert)
        console.warn('Remote configuration unavailable; using local settings', error)
        onError(error)
      }
    })()
    return loading
  }

  return { subscribe: store.subscribe, getState: store.getState, load }
}

/**
 * Unverified Domain (docs/behaviour.md#configuration): the project lets any origin (`*`) use it and no entry names this site's origin,
 * so nothing vouches that the page is the app it says it is.
 */
function isUnverified(allowed: readonly string[], url: string | undefined): boolean {
  if (!url || !allowed.includes('*')) return false
  const origin = new URL(url).origin
  return !allowed.some((pattern) => namesOrigin(pattern, origin))
}
