import { invalidParams } from '../errors'
import { objectParam } from '../params'
import { grantAccess, revokeAccess, type WalletState } from '../state'
import type { MethodHandler } from './context'

const ACCOUNTS_PERMISSION = 'eth_accounts'

/** EIP-2255 permission objects; only `eth_accounts` exists in this wallet. */
function permissionsOf(state: WalletState, invoker: string) {
  if (!state.permitted) return []
  return [
    {
      invoker,
      parentCapability: ACCOUNTS_PERMISSION,
      caveats: [{ type: 'restrictReturnedAccounts', value: [state.account.address] }],
    },
  ]
}

function requireAccountsPermission(params: unknown): void {
  if (!(ACCOUNTS_PERMISSION in objectParam(params))) {
    throw invalidParams(`only the "${ACCOUNTS_PERMISSION}" permission is supported.`)
  }
}

export const walletGetPermissions: MethodHandler = async ({ state, request }) =>
  permissionsOf(state, request.origin)

export const walletRequestPermissions: MethodHandler = async ({ state, request, emit, askUser }) => {
  requireAccountsPermission(request.params)
  await askUser()
  await grantAccess(state, emit)
  return permissionsOf(state, request.origin)
}

export const walletRevokePermissions: MethodHandler = async ({ state, request, emit }) => {
  requireAccountsPermission(request.params)
  await revokeAccess(state, emit)
  return null
}
