import { addresses } from '@allaccess/chain/deployments'
import { DEVNET_NAMES_ZONE } from '@allaccess/chain/devnet'

/** The devnet's names: the zone the e2e cloud registers under, and the resolver any ENS-aware client asks. */
export const NAMES_ZONE = DEVNET_NAMES_ZONE
export const NAMES_UNIVERSAL_RESOLVER = addresses.namesUniversalResolver
