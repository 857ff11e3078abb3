import { createServer, type Server } from 'node:http'
import { type SolanaChain, start } from '@allaccess/solana-chain'
import { GENESIS_HASH, LOCAL_SOLANA_CHAIN_ID } from '@allaccess/solana-chain/constants'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Network } from '../types'
import { rpcOf } from './rpc'

let chain: SolanaChain
let refusing: Server
let refusingUrl: string
let asked = 0
beforeAll(async () => {
  chain = await start({ port: 0 })
  // A gateway that refuses every request over HTTP, as a cloud that is down or over its limits does.
  refusing = createServer((_, response) => {
    asked++
    response.writeHead(503).end()
  })
  await new Promise<void>((resolve) => refusing.listen(0, '127.0.0.1', resolve))
  refusingUrl = `http://127.0.0.1:${(refusing.address() as { port: number }).port}`
})
afterAll(async () => {
  await chain.close()
  await new Promise((resolve) => refusing.close(resolve))
})

const on = (...http: string[]): Network => ({
  id: LOCAL_SOLANA_CHAIN_ID.slice(7),
  chainNamespace: 'solana',
  caipNetworkId: LOCAL_SOLANA_CHAIN_ID as Network['caipNetworkId'],
  name: 'Local Solana',
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
  rpcUrls: { default: { http } },
})

describe("the Solana network's JSON-RPC", () => {
  it('asks the next URL when the first refuses over HTTP, and says so when none answers', async () => {
    expect(await rpcOf(on(refusingUrl, chain.url)).getGenesisHash().send()).toBe(GENESIS_HASH)
    expect(asked).toBe(1)
    await expect(rpcOf(on(refusingUrl)).getSlot().send()).rejects.toThrow()
    expect(() => rpcOf(on())).toThrow('Unsupported chain')
  })

  it('takes a JSON-RPC error as the answer, without asking elsewhere', async () => {
    const before = asked
    await expect(
      rpcOf(on(chain.url, refusingUrl))
        .getBalance('not-an-address' as never)
        .send(),
    ).rejects.toThrow()
    expect(asked).toBe(before)
  })
})
