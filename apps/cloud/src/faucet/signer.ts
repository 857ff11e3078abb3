import { FAUCET_CHAIN_ID } from '@allaccess/protocol'
import {
  type Address,
  createWalletClient,
  custom,
  type Hex,
  keccak256,
  parseTransaction,
  type SendTransactionParameters,
} from 'viem'
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
  send(transaction: DevnetTransaction): Promise<Hex> {
    return this.inTurn(() => node(() => this.wallet.sendTransaction({ ...transaction, chain: null })))
  }

  /**
   * Signs the transaction (the account's next nonce), hands it to `record`, which must keep it, and only then
   * broadcasts it: whoever finds it recorded and not mined (the process stopped between the two) can broadcast
   * the very same transaction again, so it is paid once. The hash; UpstreamUnavailableError as `send`.
   */
  sendRecorded(
    transaction: DevnetTransaction,
    record: (signed: { raw: Hex; hash: Hex }) => Promise<void>,
  ): Promise<Hex> {
    return this.inTurn(async () => {
      const raw = await node(async () => {
        const request = await this.wallet.prepareTransactionRequest({ ...transaction, chain: null })
        return this.wallet.signTransaction({ ...request, chain: null } as never)
      })
      await record({ raw, hash: keccak256(raw) })
      return node(() => this.wallet.sendRawTransaction({ serializedTransaction: raw }))
    })
  }

  /** Broadcasts a transaction `sendRecorded` signed before; the node's refusal (its nonce is spent) throws. */
  rebroadcast(raw: Hex): Promise<Hex> {
    return this.inTurn(() => node(() => this.wallet.sendRawTransaction({ serializedTransaction: raw })))
  }

  /** Whether the account's mined transactions already took the nonce `raw` was signed with. */
  async nonceSpent(raw: Hex): Promise<boolean> {
    const { nonce } = parseTransaction(raw)
    const mined = await node(() =>
      this.wallet.request({ method: 'eth_getTransactionCount', params: [this.address, 'latest'] } as never),
    )
    return nonce !== undefined && BigInt(nonce) < BigInt(mined as string)
  }

  /** Whether `hash` is mined, and how it ended; undefined while it is not. */
  async outcome(hash: Hex): Promise<'success' | 'reverted' | undefined> {
    const receipt = await node(() =>
      this.wallet.request({ method: 'eth_getTransactionReceipt', params: [hash] } as never),
    )
    const status = (receipt as { status?: string } | null)?.status
    return status === '0x1' ? 'success' : status === '0x0' ? 'reverted' : undefined
  }

  /** One transaction at a time, in order: each takes the account's next nonce. */
  private inTurn<T>(call: () => Promise<T>): Promise<T> {
    const turn = this.queue.then(call)
    this.queue = turn.catch(() => {})
    return turn
  }
}

/** A call to the node; its failure as UpstreamUnavailableError (503). */
async function node<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call()
  } catch (error) {
    throw new UpstreamUnavailableError(
      `eip155:${FAUCET_CHAIN_ID}`,
      error instanceof Error ? error.message : String(error),
    )
  }
}
