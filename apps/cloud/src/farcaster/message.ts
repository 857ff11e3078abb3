import { FARCASTER_MESSAGE_CHAIN_ID } from '@allaccess/protocol'
import { type Address, getAddress } from 'viem'
import { parseSiweMessage } from 'viem/siwe'
import { FarcasterError } from './errors.js'

/** The statements of Sign In With Farcaster messages (@farcaster/auth-client accepts the older one too). */
const STATEMENTS: readonly string[] = ['Farcaster Auth', 'Farcaster Connect']
const FID_RESOURCE = /^farcaster:\/\/fid\/([1-9]\d{0,15})\/?$/

/** What a channel asked for: the message must carry exactly these. */
export type SignInRequest = {
  domain: string
  siweUri: string
  nonce: string
  requestId?: string | undefined
}

/** The fields of a readable message that the verification goes on with. */
export type SignInMessage = { address: Address; fid: number }

/**
 * Reads a Sign In With Farcaster message (EIP-4361 with the statement "Farcaster Auth", chain 10 and one
 * `farcaster://fid/<fid>` resource) and checks it against the channel that asked for it and the clock. The
 * signature and the custody address are the caller's to check.
 */
export function readSignInMessage(text: string, request: SignInRequest, now: Date): SignInMessage {
  const message = parseSiweMessage(text)
  const fids = (message.resources ?? []).flatMap((resource) => FID_RESOURCE.exec(resource)?.[1] ?? [])
  if (
    !message.address ||
    message.version !== '1' ||
    !message.issuedAt ||
    [message.issuedAt, message.expirationTime, message.notBefore].some(
      (time) => time !== undefined && Number.isNaN(time.getTime()),
    ) ||
    message.chainId !== FARCASTER_MESSAGE_CHAIN_ID ||
    !STATEMENTS.includes(message.statement ?? '') ||
    fids.length !== 1
  )
    throw new FarcasterError('invalidMessage')
  if (
    message.domain !== request.domain ||
    message.uri !== request.siweUri ||
    message.nonce !== request.nonce ||
    (request.requestId !== undefined && message.requestId !== request.requestId)
  )
    throw new FarcasterError('messageMismatch')
  if (
    (message.expirationTime && message.expirationTime <= now) ||
    (message.notBefore && message.notBefore > now)
  )
    throw new FarcasterError('expired')
  return { address: getAddress(message.address), fid: Number(fids[0]) }
}
