import { EMBEDDED_TEXTS, FAUCET_CHAIN_ID } from '@allaccess/protocol'
import { type Address, createWalletClient, custom, type Hex, parseEther } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { UpstreamUnavailableError } from '../account/index.js'
import type { Upstreams } from '../gateway/index.js'
import { BadRequestError } from '../http/errors.js'
import { SlidingWindowLimit } from '../http/sliding-window.js'

/** Test ETH one faucet call sends. */
export const FAUCET_AMOUNT_ETH = '1'
/** Calls one address may make per FAUCET_WINDOW_MS. */
export const FAUCET_MAX_PER_ADDRESS = 3
export const FAUCET_WINDOW_MS = 24 * 60 * 60_000

type RpcAnswer = { result?: unknown; error?: { message?: string } }

/**
 * The devnet faucet (apps/cloud/README.md#faucet): sends FAUCET_AMOUNT_ETH from a dev account over the
 * gateway's upstream for the local chain, capped per address (per instance: the devnet is one process).
 */
export class Faucet {
  /** The clock of the cap; tests may replace it. */
  now: () => number = Date.now
  private readonly sent = new SlidingWindowLimit(
    () => FAUCET_MAX_PER_ADDRESS,
    FAUCET_WINDOW_MS,
    () => this.now(),
  )
  private queue: Promise<unknown> = Promise.resolve()
  private readonly wallet

  constructor(upstreams: Upstreams, privateKey: Hex) {
    this.wallet = createWalletClient({
      account: privateKeyToAccount(privateKey),
      transport: custom({
        request: async ({ method, params }) => {
          const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method, params })
          const answer = JSON.parse(await upstreams.post(FAUCET_CHAIN_ID, body)) as RpcAnswer
          if (answer.error) throw new Error(answer.error.message ?? 'RPC error')
          return answer.result
        },
      }),
    })
  }

  /** The transaction's hash; 400 off the devnet, 429 over the cap, 503 when the node fails. */
  async drip(chainId: number, to: Address): Promise<Hex> {
    if (chainId !== FAUCET_CHAIN_ID) throw new BadRequestError(EMBEDDED_TEXTS.faucetChain)
    const takeBack = this.sent.take(to.toLowerCase())
    // One at a time: each send takes the account's next nonce.
    const send = this.queue.then(() =>
      this.wallet.sendTransaction({ to, value: parseEther(FAUCET_AMOUNT_ETH), chain: null }),
    )
    this.queue = send.catch(() => {})
    try {
      return await send
    } catch (error) {
      takeBack()
      throw new UpstreamUnavailableError(
        `eip155:${FAUCET_CHAIN_ID}`,
        error instanceof Error ? error.message : String(error),
      )
    }
  }
}
