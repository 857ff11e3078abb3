import { addresses, idRegistryAbi } from '@allaccess/chain/deployments'
import { DEVNET_FARCASTER_RELAY_KEY } from '@allaccess/protocol'
import { createWalletClient as createFarcasterWalletClient, viemConnector } from '@farcaster/auth-client'
import { type Address, createPublicClient, createWalletClient, type Hex, http } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { fundedKey } from './funded-key'

/** A Farcaster account on the devnet: its custody key (which holds its fid on the ID registry) and its profile. */
export type FarcasterUser = {
  fid: number
  custodyKey: Hex
  custody: Address
  username: string
  displayName?: string
  pfpUrl?: string
  bio?: string
}

export type RegisterFarcasterUserOptions = {
  username: string
  displayName?: string
  pfpUrl?: string
  bio?: string
  /** Default: the devnet's ID registry (packages/chain's deployment). */
  registry?: Address
}

/**
 * Registers a fresh Farcaster account on the devnet: a new custody key, funded by anvil, calls the ID registry's
 * `register()` and then `setUsername(username)` (devnet only: anvil funds the key, and only the devnet's registry
 * lets anyone register). A username another fid holds, or one breaking the fname rule, fails.
 */
export async function registerFarcasterUser(
  rpcUrl: string,
  { registry = addresses.idRegistry, ...profile }: RegisterFarcasterUserOptions,
): Promise<FarcasterUser> {
  const custodyKey = await fundedKey(rpcUrl)
  const account = privateKeyToAccount(custodyKey)
  const transport = http(rpcUrl, { retryCount: 0 })
  const wallet = createWalletClient({ account, transport })
  const reader = createPublicClient({ transport, pollingInterval: 50 })
  const hash = await wallet.writeContract({
    address: registry,
    abi: idRegistryAbi,
    functionName: 'register',
    chain: null,
  })
  const receipt = await reader.waitForTransactionReceipt({ hash })
  if (receipt.status !== 'success') throw new Error(`registering a Farcaster fid failed (${hash})`)
  const fid = await reader.readContract({
    address: registry,
    abi: idRegistryAbi,
    functionName: 'idOf',
    args: [account.address],
  })
  // The username lives on the registry too (Farcaster's fname registry): verifiers read it there.
  const named = await reader.waitForTransactionReceipt({
    hash: await wallet.writeContract({
      address: registry,
      abi: idRegistryAbi,
      functionName: 'setUsername',
      args: [profile.username],
      chain: null,
    }),
  })
  if (named.status !== 'success')
    throw new Error(`setting the Farcaster username "${profile.username}" failed`)
  return { fid: Number(fid), custodyKey, custody: account.address, ...profile }
}

export type FarcasterClientOptions = {
  /** The relay's base URL: the cloud's (e.g. http://127.0.0.1:8787). */
  relay: string
  user: FarcasterUser
  /** Default: the devnet's shared relay key. */
  relayKey?: string
}

export type ApproveOptions = {
  /** Sign with this key instead of the custody key (a refusal test). */
  signWith?: Hex
  /** Changes the message after signing (a refusal test). */
  tamper?: (message: string) => string
  /** Claims this fid instead of the user's. */
  fid?: number
  /** Claims this username instead of the one the registry holds for the fid (the relay must not take it). */
  username?: string
  /**
   * Signs a message that ends a second from now instead of at the link's time, and sends the approval once it has
   * ended: an approval that came after the sign-in expired (the client itself refuses to build an expired one).
   */
  late?: boolean
}

/** How long a `late` approval's message lives before the approval is sent (it is sent half a second after). */
const LATE_MESSAGE_LIFE_MS = 1000

/**
 * The relay's answer to the approval: its HTTP status and body, and the completion code the Farcaster app shows
 * its approver (the embedded wallet's sign-in: typed into the page that showed the link).
 */
export type Approval = {
  status: number
  body: unknown
  message: string
  signature: Hex
  completion: string | undefined
}

export type FarcasterClient = {
  /** Approves the sign-in of a connect link (the QR code's), as the Farcaster app does after the user taps Approve. */
  approve(connectUri: string, options?: ApproveOptions): Promise<Approval>
}

/**
 * The Farcaster app of the tests, built on @farcaster/auth-client's wallet client: it reads the connect link, builds
 * the Sign In With Farcaster message for the user's fid, signs it with the custody key (viem) and approves it
 * through the relay with the shared relay key.
 */
export function createFarcasterClient({
  relay,
  user,
  relayKey = DEVNET_FARCASTER_RELAY_KEY,
}: FarcasterClientOptions): FarcasterClient {
  // The wallet client never reads a chain; the connector only satisfies its configuration.
  const client = createFarcasterWalletClient({ relay, ethereum: viemConnector({ rpcUrl: relay }) })
  return {
    async approve(connectUri, options = {}) {
      const parsed = client.parseSignInURI({ uri: connectUri })
      if (parsed.isError) throw parsed.error
      const query = new URL(connectUri).searchParams
      const param = (key: string) => query.get(key) ?? undefined
      const time = (key: string) => {
        const value = param(key)
        return value === undefined ? undefined : new Date(value)
      }
      const built = client.buildSignInMessage({
        address: user.custody,
        fid: options.fid ?? user.fid,
        uri: param('siweUri'),
        domain: param('domain'),
        nonce: param('nonce'),
        notBefore: time('notBefore'),
        expirationTime: options.late ? new Date(Date.now() + LATE_MESSAGE_LIFE_MS) : time('expirationTime'),
        requestId: param('requestId'),
      })
      if (built.isError) throw built.error
      const signer = privateKeyToAccount(options.signWith ?? user.custodyKey)
      const signature = await signer.signMessage({ message: built.message })
      const message = options.tamper ? options.tamper(built.message) : built.message
      if (options.late) await new Promise((resolve) => setTimeout(resolve, LATE_MESSAGE_LIFE_MS + 500))
      const answer = await client.authenticate({
        channelToken: parsed.channelToken,
        authKey: relayKey,
        message,
        signature,
        fid: options.fid ?? user.fid,
        username: options.username ?? user.username,
        ...(user.displayName ? { displayName: user.displayName } : {}),
        ...(user.pfpUrl ? { pfpUrl: user.pfpUrl } : {}),
        ...(user.bio ? { bio: user.bio } : {}),
      })
      if (answer.isError) throw answer.error
      const { completion } = answer.data as { completion?: string }
      return { status: answer.response.status, body: answer.data, message, signature, completion }
    },
  }
}
