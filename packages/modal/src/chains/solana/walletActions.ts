import {
  type Address,
  address,
  appendTransactionMessageInstructions,
  type Base64EncodedWireTransaction,
  compileTransaction,
  createNoopSigner,
  createTransactionMessage,
  getBase58Decoder,
  getBase64Decoder,
  getBase64EncodedWireTransaction,
  getBase64Encoder,
  getPublicKeyFromAddress,
  getTransactionDecoder,
  getTransactionEncoder,
  type Instruction,
  pipe,
  type Signature,
  type SignatureBytes,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  type TransactionMessageBytesBase64,
  verifySignature,
} from '@solana/kit'
import type {
  SolanaSignAndSendTransactionFeature,
  SolanaSignMessageFeature,
  SolanaSignTransactionFeature,
} from '@solana/wallet-standard-features'
import { getTransferSolInstruction } from '@solana-program/system'
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getMintDecoder,
  getTokenSize,
  getTransferCheckedInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token'
import { KernelError } from '../../kernel/errors'
import type { Network, TransferPlan, WalletActions } from '../types'
import { SolanaError } from './errors'
import { rpcOf } from './rpc'
import { walletChainOf } from './solanaChains'
import type { Signer } from './walletStandard'

type SolanaWalletFeatures = Partial<
  SolanaSignAndSendTransactionFeature & SolanaSignTransactionFeature & SolanaSignMessageFeature
>

/** The wire bytes of each plan this module made: a send takes only such a plan, and sends exactly those bytes. */
const transactionOf = new WeakMap<TransferPlan, Uint8Array>()

const base58 = (bytes: Uint8Array) => getBase58Decoder().decode(bytes)

/**
 * The Solana wallet actions (docs/behaviour.md#account, #send): balances, fees and statuses through the network's
 * RPC, transfers of SOL (System program) and SPL tokens (`transferChecked`, creating the receiver's associated
 * token account when it has none), signed by the Wallet Standard wallet. `createSolanaAdapter` loads this module
 * on first use.
 */
export function createSolanaWalletActions(signerOf: (address: string) => Signer | undefined): WalletActions {
  const signer = (from: string) => {
    const found = signerOf(from)
    if (!found) throw new KernelError('noConnectorForConnection')
    return found
  }

  /** The token transfer's instructions: the receiver's token account first when it has none, with its rent. */
  async function tokenInstructions(
    network: Network,
    from: Address,
    to: Address,
    mint: Address,
    amount: bigint,
  ) {
    const rpc = rpcOf(network)
    const mintAccount = (await rpc.getAccountInfo(mint, { encoding: 'base64' }).send()).value
    if (!mintAccount || mintAccount.owner !== TOKEN_PROGRAM_ADDRESS) throw new SolanaError('notSplToken')
    const { decimals } = getMintDecoder().decode(getBase64Encoder().encode(mintAccount.data[0]))
    const [[source], [destination]] = await Promise.all([
      findAssociatedTokenPda({ owner: from, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS }),
      findAssociatedTokenPda({ owner: to, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS }),
    ])
    const payer = createNoopSigner(from)
    const exists = (await rpc.getAccountInfo(destination, { encoding: 'base64' }).send()).value !== null
    const instructions: Instruction[] = []
    let rent = 0n
    if (!exists) {
      rent = await rpc.getMinimumBalanceForRentExemption(BigInt(getTokenSize())).send()
      instructions.push(
        getCreateAssociatedTokenIdempotentInstruction({ payer, ata: destination, owner: to, mint }),
      )
    }
    instructions.push(
      getTransferCheckedInstruction({ source, mint, destination, authority: payer, amount, decimals }),
    )
    return { instructions, rent }
  }

  return {
    async getBalance(owner, network) {
      const { value } = await rpcOf(network).getBalance(address(owner)).send()
      const { decimals, symbol } = network.nativeCurrency
      return { value: BigInt(value), decimals, symbol }
    },
    async prepareTransfer(transfer) {
      const { network } = transfer
      const rpc = rpcOf(network)
      const [from, to] = [address(transfer.from), address(transfer.to)]
      const { instructions, rent } = transfer.token
        ? await tokenInstructions(network, from, to, address(transfer.token), transfer.amount)
        : {
            instructions: [
              getTransferSolInstruction({
                source: createNoopSigner(from),
                destination: to,
                amount: transfer.amount,
              }),
            ],
            rent: 0n,
          }
      const { value: blockhash } = await rpc.getLatestBlockhash().send()
      const message = pipe(
        createTransactionMessage({ version: 0 }),
        (m) => setTransactionMessageFeePayer(from, m),
        (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
        (m) => appendTransactionMessageInstructions(instructions, m),
      )
      const compiled = compileTransaction(message)
      const messageBase64 = getBase64Decoder().decode(compiled.messageBytes) as TransactionMessageBytesBase64
      const { value: fee } = await rpc.getFeeForMessage(messageBase64).send()
      if (fee === null) throw new SolanaError('feeUnknown')
      const { decimals, symbol } = network.nativeCurrency
      // What the visitor pays besides the amount: the network's fee, and the rent of a token account made for the receiver.
      const plan: TransferPlan = Object.freeze({
        transfer: Object.freeze({ ...transfer }),
        fee: Object.freeze({ value: BigInt(fee) + rent, decimals, symbol }),
      })
      transactionOf.set(plan, new Uint8Array(getTransactionEncoder().encode(compiled)))
      return plan
    },
    async sendTransfer(plan) {
      const transaction = transactionOf.get(plan)
      if (!transaction) throw new KernelError('unknownTransferPlan')
      const { wallet, account } = signer(plan.transfer.from)
      const chain = walletChainOf(plan.transfer.network)
      const features = wallet.features as SolanaWalletFeatures
      const signAndSend = features['solana:signAndSendTransaction']
      if (signAndSend) {
        const [sent] = await signAndSend.signAndSendTransaction({ account, chain, transaction })
        if (!sent) throw new SolanaError('walletAnsweredNothing')
        // The answer is the transaction's id only if it is the sender's signature of what the visitor approved: a
        // wallet answering another transaction's signature would have the modal wait for, and report, that one.
        const { messageBytes } = getTransactionDecoder().decode(transaction)
        const key = await getPublicKeyFromAddress(address(plan.transfer.from))
        const signature = sent.signature as SignatureBytes
        if (signature.length !== 64 || !(await verifySignature(key, signature, messageBytes)))
          throw new SolanaError('signatureMismatch')
        return base58(sent.signature)
      }
      const sign = features['solana:signTransaction']
      if (!sign) throw new SolanaError('noSigningFeature')
      const [signed] = await sign.signTransaction({ account, chain, transaction })
      if (!signed) throw new SolanaError('walletAnsweredNothing')
      const decoded = getTransactionDecoder().decode(signed.signedTransaction)
      // What is sent is what the visitor approved: a wallet that changed the message is not believed.
      const prepared = getTransactionDecoder().decode(transaction)
      if (base58(new Uint8Array(decoded.messageBytes)) !== base58(new Uint8Array(prepared.messageBytes)))
        throw new SolanaError('messageChanged')
      const wire = getBase64EncodedWireTransaction(decoded) as Base64EncodedWireTransaction
      return rpcOf(plan.transfer.network).sendTransaction(wire, { encoding: 'base64' }).send()
    },
    async signMessage(from, message) {
      const { wallet, account } = signer(from)
      const sign = (wallet.features as SolanaWalletFeatures)['solana:signMessage']
      if (!sign) throw new SolanaError('noSigningFeature')
      const [signed] = await sign.signMessage({ account, message: new TextEncoder().encode(message) })
      if (!signed) throw new SolanaError('walletAnsweredNothing')
      return base58(signed.signature)
    },
    async waitForTransaction(hash, network, { timeoutMs, retryDelayMs }) {
      const rpc = rpcOf(network)
      const until = Date.now() + timeoutMs
      for (;;) {
        const { value } = await rpc.getSignatureStatuses([hash as Signature]).send()
        const status = value[0]
        if (status?.err) return { hash, status: 'reverted' }
        if (status?.confirmationStatus === 'confirmed' || status?.confirmationStatus === 'finalized')
          return { hash, status: 'success' }
        if (Date.now() >= until) throw new SolanaError('notConfirmed')
        await new Promise((resolve) => setTimeout(resolve, retryDelayMs))
      }
    },
  }
}
