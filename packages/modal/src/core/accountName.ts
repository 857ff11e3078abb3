import type { Identity } from '@allaccess/protocol'
import { identityKey } from '../api/cacheKeys'
import type { AccountClient } from '../api/createAccountClient'
import type { Chains } from '../chains/createChains'
import { fetchIdentity } from '../features/account/fetchIdentity'
import type { QueryCache } from '../kernel/queryCache'
import { createStore } from '../kernel/store'

/**
 * The connected account's name (docs/behaviour.md#names), for the site's own connect button: asked of the cloud
 * once an address connects, through the one cache — so a name the modal registers, or Account reads again, shows
 * here too. Undefined without a cloud, before the answer, and for an address without a name.
 */
export function createAccountName({
  chains,
  cache,
  account,
}: {
  chains: Pick<Chains, 'getAccount' | 'subscribe'>
  cache: QueryCache
  account: (() => Promise<AccountClient>) | undefined
}) {
  const name = createStore<{ name: string | undefined }>({ name: undefined })
  let address: string | undefined

  const read = () => {
    const known = address ? cache.get<Identity>(identityKey(address))?.data : undefined
    name.setState({ name: known?.name ?? undefined })
  }
  const follow = () => {
    const next = chains.getAccount().address
    if (next === address) return
    address = next
    read()
    if (address && account) void fetchIdentity({ cache, cloud: account }, address).catch(() => {})
  }
  follow()
  const releaseAccount = chains.subscribe(follow)
  const releaseCache = cache.subscribe((key) => {
    if (address && key === identityKey(address)) read()
  })

  return {
    get: () => name.getState().name,
    subscribe: (listener: () => void) => name.subscribe(() => listener()),
    destroy() {
      releaseAccount()
      releaseCache()
    },
  }
}
