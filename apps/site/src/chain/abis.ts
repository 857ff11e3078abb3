/**
 * The parts of the contracts' ABIs the page uses: the generated ABIs (packages/chain) are whole, and whatever
 * the entry imports from them ships in the first load. `abis.test.ts` checks every item against them.
 */
export const passAbi = [
  {
    inputs: [],
    name: 'price',
    outputs: [{ name: '', type: 'uint256' }],
    stateMutability: 'view',
    type: 'function',
  },
  {
    inputs: [],
    name: 'maxSupply',
    outputs: [{ name: '', type: 'uint256' }],
    stateMutability: 'view',
    type: 'function',
  },
  {
    inputs: [],
    name: 'totalMinted',
    outputs: [{ name: '', type: 'uint256' }],
    stateMutability: 'view',
    type: 'function',
  },
  {
    inputs: [],
    name: 'walletLimit',
    outputs: [{ name: '', type: 'uint256' }],
    stateMutability: 'view',
    type: 'function',
  },
  {
    inputs: [{ name: 'minter', type: 'address' }],
    name: 'mintedBy',
    outputs: [{ name: '', type: 'uint256' }],
    stateMutability: 'view',
    type: 'function',
  },
  {
    inputs: [{ name: 'tokenId', type: 'uint256' }],
    name: 'tokenURI',
    outputs: [{ name: '', type: 'string' }],
    stateMutability: 'view',
    type: 'function',
  },
  {
    inputs: [],
    name: 'mint',
    outputs: [{ name: 'tokenId', type: 'uint256' }],
    stateMutability: 'payable',
    type: 'function',
  },
  { inputs: [], name: 'SoldOut', type: 'error' },
  { inputs: [], name: 'WalletLimitReached', type: 'error' },
  {
    inputs: [
      { name: 'sent', type: 'uint256' },
      { name: 'price', type: 'uint256' },
    ],
    name: 'WrongPrice',
    type: 'error',
  },
] as const
