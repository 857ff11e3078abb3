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

/**
 * The devnet faucet (apps/cloud/README.md#faucet): sends FAUCET_AMOUNT_ETH from the cloud's devnet signer, capped
 * per address (per instance: the devnet is one process).
 */
export class Faucet {
  /** The clock of the cap; tests may replace it. */
  now: () => number = Date.now
  private readonly sent = new SlidingWindowLimit(
    () => FAUCET_MAX_PER_ADDRESS,
    FAUCET_WINDOW_MS,
    () => this.now(),
  )

  constructor(private readonly signer: DevnetSigner) {}

  /** The transaction's hash; 400 off the devnet, 429 over the cap, 503 when the node fails. */
  async drip(chainId: number, to: Address): Promise<Hex> {
    if (chainId !== FAUCET_CHAIN_ID) throw new BadRequestError(EMBEDDED_TEXTS.faucetChain)
    const takeBack = this.sent.take(to.toLowerCase())
    try {
      return await this.signer.send({ to, value: parseEther(FAUCET_AMOUNT_ETH) })
    } catch (error) {
      takeBack()
      throw error
    }
  }
}
