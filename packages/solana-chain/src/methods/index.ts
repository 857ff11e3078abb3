import { accountMethods } from './accounts'
import { clusterMethods } from './cluster'
import type { Method } from './context'
import { transactionMethods } from './transactions'

export type { Chain, Method } from './context'

/** Every HTTP method the chain serves (README: methods). */
export const METHODS: ReadonlyMap<string, Method> = new Map(
  Object.entries({ ...clusterMethods, ...accountMethods, ...transactionMethods }),
)
