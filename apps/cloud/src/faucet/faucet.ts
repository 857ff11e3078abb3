import { EMBEDDED_TEXTS, FAUCET_CHAIN_ID } from '@allaccess/protocol'
import { type Address, type Hex, parseEther } from 'viem'
import { BadRequestError } from '../http/errors.js'
import { SlidingWindowLimit } from '../http/sliding-window.js'
import type { DevnetSigner } from './signer.js'

/** Test ETH one faucet call sends. */
export const FAUCET_AMOUNT_ETH = '1'
/** Calls one address may make per FAUCET_WINDOW_MS. */
export const FAUCET_MAX_PER_ADDRESS = 3
export const FAUCET_WINDOW_MS = 24 * 60 * 60_000
/** Calls one client address may make per FAUCET_WINDOW_MS, whatever addresses it asks for (fresh ones each time). */
export const FAUCET_MAX_PER_CLIENT = 20

/**
 * The devnet faucet (apps/cloud/README.md#faucet): sends FAUCET_AMOUNT_ETH from the cloud's devnet signer, capped
 * per address and per client address (per instance: the devnet is one process).
 */
export class Faucet {
  /** The clock of the cap; tests may replace it. */
  now: () => number = Date.now
  private readonly sent = new SlidingWindowLimit(
    () => FAUCET_MAX_PER_ADDRESS,
    FAUCET_WINDOW_MS,
    () => this.now(),
  )
  private readonly byClient = new SlidingWindowLimit(
    () => FAUCET_MAX_PER_CLIENT,
    FAUCET_WINDOW_MS,
    () => this.now(),
  )

  constructor(private readonly signer: DevnetSigner) {}

  /** The transaction's hash for `client`'s call; 400 off the devnet, 429 over a cap, 503 when the node fails. */
  async drip(chainId: number, to: Address, client: string): Promise<Hex> {
    if (chainId !== FAUCET_CHAIN_ID) throw new BadRequestError(EMBEDDED_TEXTS.faucetChain)
    const takeBackClient = this.byClient.take(client)
    let takeBackAddress = () => {}
    try {
      takeBackAddress = this.sent.take(to.toLowerCase())
      return await this.signer.send({ to, value: parseEther(FAUCET_AMOUNT_ETH) })
    } catch (error) {
      takeBackAddress()
      takeBackClient()
      throw error
    }
  }
}
