import type { Address } from 'viem'
import type { RequestHandlers } from './hostChannel'
import { refuseSocialUri, requestNetwork } from './requestNetwork'
import type { Network } from './rpcHandler'
import { type HandleRpc, signIn } from './signIn'
import type { AccountTypes } from './smartAccount/accountType'
import type { createWallet } from './wallet'
import { NotSignedInError } from './wallet'

type Wallet = Pick<ReturnType<typeof createWallet>, 'connectSocial' | 'user'>

/**
 * connectSocial and getUser with frame protocol v2's fields: a social URI refused by name, the network checked as
 * switchNetwork's (before any wait), the account type applied with its fallback, and a siwxMessage put to the user
 * in the frame's approval, its signature in the reply.
 */
/** The sign-in is made by the account the request preferred (after its fallback). */
const signer = (
  key: Address,
  { accounts, preferredAccountType }: Awaited<ReturnType<AccountTypes['accountsOf']>>,
) =>
  (accounts.find((account) => account.type === preferredAccountType)?.address as Address | undefined) ?? key

export function createUserHandlers({
  wallet,
  network,
  cloudUrl,
  handleRpc,
  signedIn,
  accountTypes,
}: {
  wallet: Wallet
  network(): Network
  cloudUrl: string
  handleRpc: HandleRpc
  /** After getUser: the signed-in frame watches for new devices. */
  signedIn(): void
  /** The account type of each address on a network (docs/embedded-wallet.md#account-type). */
  accountTypes: Pick<AccountTypes, 'accountsOf'>
}): Pick<RequestHandlers, 'connectSocial' | 'getUser'> {
  return {
    connectSocial: async ({ uri, preferredAccountType, siwxMessage, ...asked }, signal) => {
      refuseSocialUri(uri)
      const on = requestNetwork(network(), asked, cloudUrl)
      const { provider, username } = await wallet.connectSocial(signal)
      if (!provider || !username) throw new NotSignedInError()
      if (preferredAccountType === undefined && siwxMessage === undefined) return { provider, username }
      const { address } = await wallet.user()
      const accounts = await accountTypes.accountsOf(address, on, preferredAccountType)
      return {
        provider,
        username,
        preferredAccountType: accounts.preferredAccountType,
        ...(await signIn(handleRpc, { siwxMessage, address: signer(address, accounts), network: on })),
      }
    },
    getUser: async ({ socialUri, preferredAccountType, siwxMessage, ...asked }) => {
      refuseSocialUri(socialUri)
      const on = requestNetwork(network(), asked, cloudUrl)
      const user = await wallet.user()
      signedIn()
      const accounts = await accountTypes.accountsOf(user.address, on, preferredAccountType)
      return {
        ...user,
        chainId: on.chainId,
        ...accounts,
        ...(await signIn(handleRpc, { siwxMessage, address: signer(user.address, accounts), network: on })),
      }
    },
  }
}
