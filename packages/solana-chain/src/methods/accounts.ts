// State reads: balances, accounts and token accounts.
import { type Address, getAddressEncoder } from '@solana/kit'
import { getTokenSize, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token'
import { encodeAccount, parseTokenData, uiTokenAmount } from '../accounts'
import { accountEncoding, config, dataSlice, integer, positional, pubkey } from '../params'
import { invalidParams } from '../rpc-errors'
import { type Method, options, withContext } from './context'

const TOKEN_2022_PROGRAM = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb'
/** Solana's cap on getMultipleAccounts. */
const MAX_MULTIPLE_ACCOUNTS = 100
/** An SPL token account's owner sits at bytes 32…64, its mint at 0…32. */
const OWNER_OFFSET = 32
const addressBytes = (address: Address) => Buffer.from(getAddressEncoder().encode(address))

export const accountMethods: Record<string, Method> = {
  getBalance: (params, { ledger }) => {
    const args = positional(params, 1, 2)
    const address = pubkey(args[0])
    options(ledger, args, 1)
    return withContext(ledger, ledger.svm.getBalance(address) ?? 0n)
  },

  getAccountInfo: (params, { ledger }) => {
    const args = positional(params, 1, 2)
    const address = pubkey(args[0])
    const read = options(ledger, args, 1)
    return withContext(
      ledger,
      encodeAccount(ledger.account(address), accountEncoding(read), ledger.decimalsOf, dataSlice(read)),
    )
  },

  getMultipleAccounts: (params, { ledger }) => {
    const args = positional(params, 1, 2)
    if (!Array.isArray(args[0]))
      throw invalidParams('Invalid params: invalid type, expected a sequence of pubkeys.')
    if (args[0].length > MAX_MULTIPLE_ACCOUNTS)
      throw invalidParams(`Too many inputs provided; max ${MAX_MULTIPLE_ACCOUNTS}`)
    const addresses = args[0].map(pubkey)
    const read = options(ledger, args, 1)
    const encoding = accountEncoding(read)
    const slice = dataSlice(read)
    return withContext(
      ledger,
      addresses.map((address) => encodeAccount(ledger.account(address), encoding, ledger.decimalsOf, slice)),
    )
  },

  getTokenAccountsByOwner: (params, { ledger }) => {
    const args = positional(params, 2, 3)
    const owner = pubkey(args[0])
    const filter = config(args[1])
    const byMint = filter.mint !== undefined
    if (byMint === (filter.programId !== undefined))
      throw invalidParams('Invalid params: expected exactly one of `mint` or `programId`.')
    const mint = byMint ? pubkey(filter.mint) : undefined
    const program = byMint ? TOKEN_PROGRAM_ADDRESS : pubkey(filter.programId)
    if (program !== TOKEN_PROGRAM_ADDRESS && program !== TOKEN_2022_PROGRAM)
      throw invalidParams('Invalid param: unrecognized Token program id')
    const read = options(ledger, args, 2)
    const encoding = accountEncoding(read)
    const slice = dataSlice(read)
    const mine = ledger.svm.getProgramAccounts(program as Address).filter((account) => {
      const data = new Uint8Array(account.data)
      if (data.length < getTokenSize()) return false
      const same = (offset: number, address: Address) =>
        Buffer.from(data.subarray(offset, offset + 32)).equals(addressBytes(address))
      return same(OWNER_OFFSET, owner) && (mint === undefined || same(0, mint))
    })
    return withContext(
      ledger,
      mine.map((account) => ({
        pubkey: account.address,
        account: encodeAccount(
          { ...account, data: new Uint8Array(account.data), exists: true },
          encoding,
          ledger.decimalsOf,
          slice,
        ),
      })),
    )
  },

  getTokenAccountBalance: (params, { ledger }) => {
    const args = positional(params, 1, 2)
    const account = ledger.account(pubkey(args[0]))
    options(ledger, args, 1)
    const parsed = account.exists
      ? parseTokenData(new Uint8Array(account.data), account.programAddress, ledger.decimalsOf)
      : undefined
    if (parsed?.parsed.type !== 'account') throw invalidParams('Invalid param: not a Token account')
    return withContext(ledger, parsed.parsed.info.tokenAmount)
  },

  getTokenSupply: (params, { ledger }) => {
    const args = positional(params, 1, 2)
    const account = ledger.account(pubkey(args[0]))
    options(ledger, args, 1)
    const parsed = account.exists
      ? parseTokenData(new Uint8Array(account.data), account.programAddress, ledger.decimalsOf)
      : undefined
    if (parsed?.parsed.type !== 'mint') throw invalidParams('Invalid param: not a Token mint')
    const { supply, decimals } = parsed.parsed.info as { supply: string; decimals: number }
    return withContext(ledger, uiTokenAmount(BigInt(supply), decimals))
  },

  getMinimumBalanceForRentExemption: (params, { ledger }) => {
    const args = positional(params, 1, 2)
    const size = integer(args[0], 0, 10 * 1024 * 1024, 'usize')
    return ledger.svm.minimumBalanceForRentExemption(BigInt(size))
  },
}
