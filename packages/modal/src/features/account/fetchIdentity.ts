import type { Identity } from '@allaccess/protocol'
import { identityKey } from '../../api/cacheKeys'
import { IDENTITY_CACHE_MS } from './constants'
import type { AccountDeps } from './deps'

/** An address's name and avatar, cached 5 minutes (docs/behaviour.md#account); none without a cloud. */
export function fetchIdentity(
  { cache, cloud }: Pick<AccountDeps, 'cache' | 'cloud'>,
  address: string,
): Promise<Identity> {
  return cache.fetch({
    key: identityKey(address),
    staleMs: IDENTITY_CACHE_MS,
    fetch: async () => (cloud ? (await cloud()).identity(address, address) : { name: null, avatar: null }),
  })
}
