import arbitrum from '@web3icons/core/svgs/networks/branded/arbitrum-one.svg.js'
import avalanche from '@web3icons/core/svgs/networks/branded/avalanche.svg.js'
import base from '@web3icons/core/svgs/networks/branded/base.svg.js'
import bsc from '@web3icons/core/svgs/networks/branded/binance-smart-chain.svg.js'
import celo from '@web3icons/core/svgs/networks/branded/celo.svg.js'
import ethereum from '@web3icons/core/svgs/networks/branded/ethereum.svg.js'
import gnosis from '@web3icons/core/svgs/networks/branded/gnosis.svg.js'
import linea from '@web3icons/core/svgs/networks/branded/linea.svg.js'
import optimism from '@web3icons/core/svgs/networks/branded/optimism.svg.js'
import polygon from '@web3icons/core/svgs/networks/branded/polygon.svg.js'
import solana from '@web3icons/core/svgs/networks/branded/solana.svg.js'
import zksync from '@web3icons/core/svgs/networks/branded/zksync.svg.js'
import zora from '@web3icons/core/svgs/networks/branded/zora.svg.js'
import bnbToken from '@web3icons/core/svgs/tokens/branded/BNB.svg.js'
import btcToken from '@web3icons/core/svgs/tokens/branded/BTC.svg.js'
import daiToken from '@web3icons/core/svgs/tokens/branded/DAI.svg.js'
import ethToken from '@web3icons/core/svgs/tokens/branded/ETH.svg.js'
import polToken from '@web3icons/core/svgs/tokens/branded/POL.svg.js'
import solToken from '@web3icons/core/svgs/tokens/branded/SOL.svg.js'
import usdcToken from '@web3icons/core/svgs/tokens/branded/USDC.svg.js'
import usdtToken from '@web3icons/core/svgs/tokens/branded/USDT.svg.js'
import wbtcToken from '@web3icons/core/svgs/tokens/branded/WBTC.svg.js'
import walletConnect from '@web3icons/core/svgs/wallets/branded/wallet-connect.svg.js'
import { monogramSvg, walletIcon } from './catalogue/index.js'
import { imageFrom, type StoredImage } from './images.js'

const SVG = 'image/svg+xml'

/**
 * The local devnet's own mark (ours, drawn here; no logo exists for a local chain): an anvil on a slate disc, so
 * it reads as a network icon beside the branded ones rather than as a monogram's letters.
 */
const DEVNET_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" role="img" aria-label="Local devnet">' +
  '<circle cx="32" cy="32" r="32" fill="#343a40"/>' +
  '<path fill="#f1f3f5" d="M12 22h30c0 5 4 8 10 8v4c-6 0-10 3-11 6H25c-1-4-5-7-11-8z"/>' +
  '<path fill="#adb5bd" d="M24 40h18l3 8H21z"/></svg>'

/** Network icons keyed by CAIP-2 id. */
const NETWORKS: Record<string, string> = {
  'eip155:1': ethereum,
  'eip155:10': optimism,
  'eip155:56': bsc,
  'eip155:100': gnosis,
  'eip155:137': polygon,
  'eip155:324': zksync,
  'eip155:8453': base,
  'eip155:42161': arbitrum,
  'eip155:42220': celo,
  'eip155:43114': avalanche,
  'eip155:59144': linea,
  'eip155:7777777': zora,
  'eip155:31337': DEVNET_SVG,
  'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp': solana,
}

/**
 * Connector icons keyed `connector:<AppKit connector id>`: the brand's logo where the product has it (the wallet
 * directory's), the Base mark for Base Account, a monogram for the browser's own (injected) wallet.
 */
const directoryLogo = (walletId: string) => String(walletIcon(walletId)?.body)
const CONNECTORS: Record<string, string> = {
  'connector:walletConnect': walletConnect,
  'connector:injected': monogramSvg('Browser Wallet'),
  'connector:coinbaseWallet': directoryLogo('coinbase'),
  'connector:baseAccount': base,
  'connector:safe': directoryLogo('safe'),
  'connector:ledger': directoryLogo('ledger-live'),
}

/**
 * AppKit's built-in asset-image ids (its networks and connectors name an `imageId`, not a CAIP or connector id,
 * and AppKit requests `/public/getAssetImage/<imageId>`): each serves the image stored under the key above. Only
 * the networks and connectors the product has an image of are here; any other id is 404.
 */
const ASSET_IMAGE_IDS: Record<string, string> = {
  'ba0ba0cd-17c6-4806-ad93-f9d174f17900': 'eip155:1',
  'ab9c186a-c52f-464b-2906-ca59d760a400': 'eip155:10',
  '93564157-2e8e-4ce7-81df-b264dbee9b00': 'eip155:56',
  '02b53f6a-e3d4-479e-1cb4-21178987d100': 'eip155:100',
  '41d04d42-da3b-4453-8506-668cc0727900': 'eip155:137',
  'b310f07f-4ef7-49f3-7073-2a0a39685800': 'eip155:324',
  '7289c336-3981-4081-c5f4-efc26ac64a00': 'eip155:8453',
  '3bff954d-5cb0-47a0-9a23-d20192e74600': 'eip155:42161',
  'ab781bbc-ccc6-418d-d32d-789b15da1f00': 'eip155:42220',
  '30c46e53-e989-45fb-4549-be3bd4eb3b00': 'eip155:43114',
  '845c60df-d429-4991-e687-91ae45791600': 'eip155:7777777',
  'a1b58899-f671-4276-6a5e-56ca5bd59700': 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  'ef1a1fcf-7fe8-4d69-bd6d-fda1345b4400': 'connector:walletConnect',
  '07ba87ed-43aa-4adf-4540-9e6a2b9cae00': 'connector:injected',
  '0c2840c3-5b04-4c44-9661-fbd4b49e1800': 'connector:coinbaseWallet',
  'bba2c8be-7fd1-463e-42b1-796ecb0ad200': 'connector:baseAccount',
  '461db637-8616-43ce-035a-d89b8a1d5800': 'connector:safe',
  '54a1aa77-d202-4f8d-0fb2-5d2bb6db0300': 'connector:ledger',
}

/** The stored key of an asset image: an AppKit asset id maps to its network's or connector's key, any other is kept. */
export function assetImageKey(id: string): string {
  return Object.hasOwn(ASSET_IMAGE_IDS, id) ? (ASSET_IMAGE_IDS[id] as string) : id
}

/** Token icons keyed by symbol. */
const TOKENS: Record<string, string> = {
  ETH: ethToken,
  WETH: ethToken,
  USDC: usdcToken,
  USDT: usdtToken,
  DAI: daiToken,
  WBTC: wbtcToken,
  BTC: btcToken,
  BNB: bnbToken,
  POL: polToken,
  SOL: solToken,
}

/** Fiat currencies of the on-ramp, keyed by ISO 4217 code. */
const CURRENCIES = ['USD', 'EUR', 'GBP']

/** The seeded asset, token and currency images. */
export function seedAssetImages(): StoredImage[] {
  return [
    ...Object.entries({ ...NETWORKS, ...CONNECTORS }).map(([id, svg]) => imageFrom('asset', id, SVG, svg)),
    ...Object.entries(TOKENS).map(([id, svg]) => imageFrom('token', id, SVG, svg)),
    ...CURRENCIES.map((code) => imageFrom('currency', code, SVG, monogramSvg(code))),
  ]
}
