import type { Identity } from '@allaccess/protocol'
import { identityKey } from '../../api/cacheKeys'
import type { AccountClient } from '../../api/createAccountClient'
import type { Chains } from '../../chains/createChains'
import type { QueryCache } from '../../kernel/queryCache'
import { createStore } from '../../kernel/store'
import { fetchIdentity } from './fetchIdentity'

/** The connected account's name and avatar; each undefined without one (or without a cloud, or before it answers). */
export type AccountProfile = { name: string | undefined; avatar: string | undefined }

const NO_PROFILE: AccountProfile = { name: undefined, avatar: undefined }

/**
 * The connected account's name and avatar (docs/behaviour.md#names), for the site's own connect button: asked of
 * the cloud once an address connects, through the one cache — so a name the modal registers, or Account reads
 * again, shows here too.
 */
export function createAccountProfile({
  chains,
  cache,
  account,
}: {
  chains: Pick<Chains, 'getAccount' | 'subscribe'>
  cache: QueryCache
  account: (() => Promise<AccountClient>) | undefined
}) {
  const profile = createStore<{ profile: AccountProfile }>({ profile: NO_PROFILE })
  let address: string | undefined

  const read = () => {
    const known = address ? cache.get<Identity>(identityKey(address))?.data : undefined
    const name = known?.name ?? undefined
    const avatar = known?.avatar ?? undefined
    const { profile: shown } = profile.getState()
    // The same object until something changes: React re-renders only then.
    if (shown.name !== name || shown.avatar !== avatar)
      profile.setState({ profile: name || avatar ? { name, avatar } : NO_PROFILE })
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
    get: () => profile.getState().profile,
    subscribe: (listener: () => void) => profile.subscribe(() => listener()),
    destroy() {
      releaseAccount()
      releaseCache()
    },
  }
}
