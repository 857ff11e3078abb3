/**
 * Solana send-to-confirmed on the local chain (packages/solana-chain): a SOL transfer signed by a dev key, sent and
 * confirmed by @solana/kit's sendAndConfirmTransaction (HTTP sendTransaction, then signatureNotification and slot
 * notifications over the websocket) — the path a wallet takes. The chain ticks 400 ms slots as Solana does, so a
 * blockhash fetched per send is fresh. Prints the median and p95 of BENCH_ROUNDS (default 20) sequential sends, ms.
 * Run: `npx tsx bench/solana.ts`.
 */
import { devKeys, signedTransaction, solTransfer, start } from '@allaccess/solana-chain'
import {
  createSolanaRpc,
  createSolanaRpcSubscriptions,
  generateKeyPairSigner,
  getBase64Encoder,
  getTransactionDecoder,
  sendAndConfirmTransactionFactory,
} from '@solana/kit'
import { timed } from './loopback'

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20)
const chain = await start({ port: 0, wsPort: 0 })
try {
  const rpc = createSolanaRpc(chain.url)
  const confirm = sendAndConfirmTransactionFactory({
    rpc,
    rpcSubscriptions: createSolanaRpcSubscriptions(chain.wsUrl),
  })
  const [payer] = await devKeys()
  if (!payer) throw new Error('no dev key')
  const receiver = (await generateKeyPairSigner()).address
  const send = async () => {
    const { value: lifetime } = await rpc.getLatestBlockhash().send()
    const wire = await signedTransaction(
      payer.signer,
      lifetime,
      solTransfer(payer.signer, receiver, 1_000_000n),
    )
    const transaction = getTransactionDecoder().decode(getBase64Encoder().encode(wire))
    await confirm({ ...transaction, lifetimeConstraint: lifetime } as never, { commitment: 'confirmed' })
  }
  const { p50, p95 } = await timed(ROUNDS, send)
  console.table([{ scenario: `Solana SOL send → confirmed (kit, ${ROUNDS} sends)`, median: p50, p95 }])
} finally {
  await chain.close()
}
