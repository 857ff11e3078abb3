// The chain's first state: funded dev keys, the faucet, the tUSD mint with its metadata and each dev key's tUSD.
import { type Address, type Lamports, none, some } from '@solana/kit'
import {
  AccountState,
  findAssociatedTokenPda,
  getMintEncoder,
  getTokenEncoder,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token'
import {
  DEV_KEY_BALANCE_SOL,
  DEV_KEY_TUSD,
  LAMPORTS_PER_SOL,
  TOKEN_METADATA_PROGRAM,
  TUSD,
} from './constants'
import { devKeys, faucetKey, tusdMintKey } from './dev-keys'
import type { Ledger } from './ledger'
import { encodeMetadata, metadataAddress } from './metadata'

const SYSTEM_PROGRAM = '11111111111111111111111111111111' as Address
/** The faucet's lamports: plenty for requestAirdrop, and under 2^53 so every balance is an exact JSON number. */
const FAUCET_SOL = 1_000_000n

export type Genesis = { devAddresses: Address[]; faucet: Address; tusdMint: Address }

export async function writeGenesis(ledger: Ledger): Promise<Genesis> {
  const { svm } = ledger
  const rent = (size: number) => svm.minimumBalanceForRentExemption(BigInt(size))
  const put = (address: Address, owner: Address, lamports: bigint, data: Uint8Array = new Uint8Array()) =>
    svm.setAccount({
      address,
      programAddress: owner,
      lamports: lamports as Lamports,
      data,
      executable: false,
      space: BigInt(data.length),
    })

  const keys = await devKeys()
  const devAddresses = keys.map((key) => key.signer.address)
  for (const address of devAddresses) put(address, SYSTEM_PROGRAM, DEV_KEY_BALANCE_SOL * LAMPORTS_PER_SOL)
  const faucet = (await faucetKey()).signer.address
  put(faucet, SYSTEM_PROGRAM, FAUCET_SOL * LAMPORTS_PER_SOL)

  const tusdMint = (await tusdMintKey()).signer.address
  const authority = devAddresses[0] as Address
  const mint = new Uint8Array(
    getMintEncoder().encode({
      mintAuthority: some(authority),
      supply: DEV_KEY_TUSD * BigInt(devAddresses.length),
      decimals: TUSD.decimals,
      isInitialized: true,
      freezeAuthority: none(),
    }),
  )
  put(tusdMint, TOKEN_PROGRAM_ADDRESS, rent(mint.length), mint)
  const metadata = encodeMetadata({
    updateAuthority: authority,
    mint: tusdMint,
    name: TUSD.name,
    symbol: TUSD.symbol,
  })
  put(await metadataAddress(tusdMint), TOKEN_METADATA_PROGRAM as Address, rent(metadata.length), metadata)

  for (const owner of devAddresses) {
    const [ata] = await findAssociatedTokenPda({ owner, mint: tusdMint, tokenProgram: TOKEN_PROGRAM_ADDRESS })
    const token = new Uint8Array(
      getTokenEncoder().encode({
        mint: tusdMint,
        owner,
        amount: DEV_KEY_TUSD,
        delegate: none(),
        state: AccountState.Initialized,
        isNative: none(),
        delegatedAmount: 0n,
        closeAuthority: none(),
      }),
    )
    put(ata, TOKEN_PROGRAM_ADDRESS, rent(token.length), token)
  }
  return { devAddresses, faucet, tusdMint }
}
