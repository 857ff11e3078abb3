import { isHex } from 'viem'
import { invalidParams } from '../errors'
import { parseAddress, positionalParams } from '../params'
import { authorizedAccount } from '../state'
import type { MethodHandler } from './context'

/** `[message, address]`; a hex message is signed as raw bytes, as MetaMask does. */
export const personalSign: MethodHandler = async ({ state, request, askUser }) => {
  const [message, address] = positionalParams(request.params, 2)
  if (typeof message !== 'string') throw invalidParams('the message must be a string.')
  const account = authorizedAccount(state, parseAddress(address, 'address'))
  await askUser()
  return account.signMessage({ message: isHex(message) ? { raw: message } : message })
}
