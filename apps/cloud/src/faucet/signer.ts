import { FAUCET_CHAIN_ID } from '@allaccess/protocol'
import { type Address, createWalletClient, custom, type Hex, type SendTransactionParameters } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { UpstreamUnavailableError } from '../account/index.js'
import type { Upstreams } from '../gateway/index.js'

type RpcAnswer = { result?: unknown; error?: { message?: string } }

/** What the signer sends: a plain transaction or a contract call, on the devnet. */
export type DevnetTransaction = Pick<SendTransactionParameters, 'to' | 'value' | 'data'>

/**
 * The cloud's funded account on the devnet (apps/cloud/README.md#faucet), over the gateway's upstream for the local
 * chain: the faucet and the sandbox on-ramp send through the one instance, one transaction at a time, so each takes
 * the account's next nonce.
 */
export class DevnetSigner {
  private queue: Promise<unknown> = Promise.resolve()
  private readonly wallet
  /** The account it sends from. */
  readonly address: Address

  constructor(upstreams: Upstreams, privateKey: Hex) {
    const account = privateKeyToAccount(privateKey)
    this.address = account.address
    this.wallet = createWalletClient({
      account,
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

  /** The transaction's hash; UpstreamUnavailableError (503) when the node fails. */
  async send(transaction: DevnetTransaction): Promise<Hex> {
    const send = this.queue.then(() => this.wallet.sendTransaction({ ...transaction, chain: null }))
    this.queue = send.catch(() => {})
    try {
      return await send
    } catch (error) {
      throw new UpstreamUnavailableError(
        `eip155:${FAUCET_CHAIN_ID}`,
        error instanceof Error ? error.message : String(error),
      )
    }
  }
}
