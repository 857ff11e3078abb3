import type { TypedDataDefinition } from 'viem'
import { invalidParams } from '../errors'
import { parseAddress, positionalParams } from '../params'
import { authorizedAccount } from '../state'
import type { MethodHandler } from './context'

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    throw invalidParams('typed data is not valid JSON.')
  }
}

function parseTypedData(value: unknown): TypedDataDefinition {
  const typedData: unknown = typeof value === 'string' ? parseJson(value) : value
  if (typeof typedData !== 'object' || typedData === null)
    throw invalidParams('typed data must be an object.')
  const { types, primaryType, message } = typedData as Record<string, unknown>
  if (typeof types !== 'object' || typeof primaryType !== 'string' || typeof message !== 'object') {
    throw invalidParams('typed data needs types, primaryType and message.')
  }
  return typedData as TypedDataDefinition
}

/** `[address, typedData]`, typed data as a JSON string (or object); viem validates it while hashing. */
export const signTypedDataV4: MethodHandler = async ({ state, request, askUser }) => {
  const [address, typedData] = positionalParams(request.params, 2)
  const account = authorizedAccount(state, parseAddress(address, 'address'))
  const definition = parseTypedData(typedData)
  await askUser()
  return account.signTypedData(definition)
}
