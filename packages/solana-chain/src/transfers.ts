// Signed SOL and tUSD transfers from the dev keys, as wire bytes: for tests, the bench and the cloud's sandbox.
import {
  type Address,
  appendTransactionMessageInstructions,
  createTransactionMessage,
  getBase64EncodedWireTransaction,
  type Instruction,
  type KeyPairSigner,
  lamports,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  blockhash as toBlockhash,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getTransferCheckedInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token'
import { TUSD } from './constants'

export type Lifetime = { blockhash: string; lastValidBlockHeight: bigint }

/** A signed transaction of `instructions` paid by `payer`, base64 (sendTransaction's `encoding: 'base64'`). */
export async function signedTransaction(
  payer: KeyPairSigner,
  lifetime: Lifetime,
  instructions: Instruction[],
) {
  const signed = await pipe(
    createTransactionMessage({ version: 0 }),
    (message) => setTransactionMessageFeePayerSigner(payer, message),
    (message) =>
      setTransactionMessageLifetimeUsingBlockhash(
        { blockhash: toBlockhash(lifetime.blockhash), lastValidBlockHeight: lifetime.lastValidBlockHeight },
        message,
      ),
    (message) => appendTransactionMessageInstructions(instructions, message),
    (message) => signTransactionMessageWithSigners(message),
  )
  return getBase64EncodedWireTransaction(signed)
}

export const solTransfer = (from: KeyPairSigner, to: Address, amount: bigint): Instruction[] => [
  getTransferSolInstruction({ source: from, destination: to, amount: lamports(amount) }),
]

/** The token account of `owner` for tUSD (its associated token account). */
export async function tusdAccountOf(owner: Address): Promise<Address> {
  const [ata] = await findAssociatedTokenPda({
    owner,
    mint: TUSD.mint as Address,
    tokenProgram: TOKEN_PROGRAM_ADDRESS,
  })
  return ata
}

/** A tUSD transfer, creating the receiver's token account first when it has none (idempotently). */
export async function tusdTransfer(from: KeyPairSigner, to: Address, amount: bigint): Promise<Instruction[]> {
  const mint = TUSD.mint as Address
  const destination = await tusdAccountOf(to)
  return [
    getCreateAssociatedTokenIdempotentInstruction({ payer: from, owner: to, mint, ata: destination }),
    getTransferCheckedInstruction({
      source: await tusdAccountOf(from.address),
      mint,
      destination,
      authority: from,
      amount,
      decimals: TUSD.decimals,
    }),
  ]
}
