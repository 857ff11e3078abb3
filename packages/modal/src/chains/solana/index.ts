/**
 * `@allaccess/modal/solana`: the Solana family on the Wallet Standard and @solana/kit. `solanaAdapter(options)`
 * is what a site hands to `createModal`: the family's code (wallets, addresses, transfers) is a chunk of its
 * own, fetched as the modal is created and never part of the page's first load.
 */
import { lazyAdapter } from '../lazyAdapter'
import type { ChainAdapter } from '../types'
import type { SolanaAdapterOptions } from './createSolanaAdapter'

export type { SolanaAdapterOptions } from './createSolanaAdapter'

export const solanaAdapter = (options: SolanaAdapterOptions): ChainAdapter =>
  lazyAdapter({ namespace: 'solana', networks: options.networks }, () =>
    import('./createSolanaAdapter').then(({ createSolanaAdapter }) => createSolanaAdapter(options)),
  )
