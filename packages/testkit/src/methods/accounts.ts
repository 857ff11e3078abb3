import { exposedAccounts, grantAccess } from '../state'
import type { MethodHandler } from './context'

export const ethAccounts: MethodHandler = async ({ state }) => exposedAccounts(state)

/** Like MetaMask: asks only when the site cannot see an account yet (not permitted, or locked). */
export const ethRequestAccounts: MethodHandler = async ({ state, emit, askUser }) => {
  if (exposedAccounts(state).length === 0) {
    await askUser()
    await grantAccess(state, emit)
  }
  return exposedAccounts(state)
}
