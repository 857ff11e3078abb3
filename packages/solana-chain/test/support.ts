import { createSolanaRpc, createSolanaRpcSubscriptions, devnet } from '@solana/kit'
import { afterAll, beforeAll } from 'vitest'
import { devKeys, type SolanaChain, start } from '../src'

/** A chain on free ports for the file's tests, blocks only when transactions land (no ticking clock). */
export function useChain() {
  const state = {} as {
    chain: SolanaChain
    rpc: ReturnType<typeof createSolanaRpc<ReturnType<typeof devnet>>>
  }
  beforeAll(async () => {
    state.chain = await start({ port: 0, wsPort: 0, slotMs: 0 })
    // Typed as a test cluster's (requestAirdrop is there).
    state.rpc = createSolanaRpc(devnet(state.chain.url))
  })
  afterAll(() => state.chain?.close())
  return state
}

export const subscriptionsOf = (chain: SolanaChain) => createSolanaRpcSubscriptions(devnet(chain.wsUrl))

export type Answer = {
  jsonrpc: '2.0'
  id: unknown
  result?: unknown
  error?: { code: number; message: string; data?: unknown }
}

/** Dev key `index`'s signer. */
export async function devSigner(index: number) {
  const key = (await devKeys())[index]
  if (!key) throw new Error(`no dev key ${index}`)
  return key.signer
}

/** A raw JSON-RPC call: the parsed answer (a list for a batch) and the HTTP status. */
export async function post(url: string, body: unknown): Promise<{ status: number; json: Answer & Answer[] }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
  const text = await response.text()
  return { status: response.status, json: text ? JSON.parse(text) : undefined }
}

export const call = async (url: string, method: string, params?: unknown): Promise<Answer> =>
  (await post(url, { jsonrpc: '2.0', id: 1, method, ...(params === undefined ? {} : { params }) })).json
