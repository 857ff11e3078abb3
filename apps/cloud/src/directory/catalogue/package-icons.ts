import oneinchSvg from '@web3icons/core/svgs/exchanges/branded/1inch.svg.js'
import binanceSvg from '@web3icons/core/svgs/exchanges/branded/binance.svg.js'
import bitgetSvg from '@web3icons/core/svgs/exchanges/branded/bitget.svg.js'
import bybitSvg from '@web3icons/core/svgs/exchanges/branded/bybit.svg.js'
import cryptoComOnchainSvg from '@web3icons/core/svgs/exchanges/branded/crypto-com.svg.js'
import gateSvg from '@web3icons/core/svgs/exchanges/branded/gate-io.svg.js'
import uniswapSvg from '@web3icons/core/svgs/exchanges/branded/uniswap.svg.js'
import frontierSvg from '@web3icons/core/svgs/tokens/branded/FRONT.svg.js'
import kleverSvg from '@web3icons/core/svgs/tokens/branded/KLV.svg.js'
import mathwalletSvg from '@web3icons/core/svgs/tokens/branded/MATH.svg.js'
import safepalSvg from '@web3icons/core/svgs/tokens/branded/SFP.svg.js'
import statusSvg from '@web3icons/core/svgs/tokens/branded/SNT.svg.js'
import alphawalletSvg from '@web3icons/core/svgs/wallets/branded/alpha-wallet.svg.js'
import argentSvg from '@web3icons/core/svgs/wallets/branded/argent.svg.js'
import atomicSvg from '@web3icons/core/svgs/wallets/branded/atomic.svg.js'
import backpackSvg from '@web3icons/core/svgs/wallets/branded/backpack.svg.js'
import bitboxSvg from '@web3icons/core/svgs/wallets/branded/bitbox.svg.js'
import bluewalletSvg from '@web3icons/core/svgs/wallets/branded/blue.svg.js'
import claveSvg from '@web3icons/core/svgs/wallets/branded/clave.svg.js'
import coin98Svg from '@web3icons/core/svgs/wallets/branded/coin98.svg.js'
import coinbaseSvg from '@web3icons/core/svgs/wallets/branded/coinbase.svg.js'
import cypherockSvg from '@web3icons/core/svgs/wallets/branded/cypherock.svg.js'
import enkryptSvg from '@web3icons/core/svgs/wallets/branded/enkrypt.svg.js'
import exodusSvg from '@web3icons/core/svgs/wallets/branded/exodus.svg.js'
import glowSvg from '@web3icons/core/svgs/wallets/branded/glow.svg.js'
import imtokenSvg from '@web3icons/core/svgs/wallets/branded/imtoken.svg.js'
import keplrSvg from '@web3icons/core/svgs/wallets/branded/keplr.svg.js'
import krakenSvg from '@web3icons/core/svgs/wallets/branded/kraken.svg.js'
import ledgerLiveSvg from '@web3icons/core/svgs/wallets/branded/ledger.svg.js'
import metamaskSvg from '@web3icons/core/svgs/wallets/branded/metamask.svg.js'
import mewSvg from '@web3icons/core/svgs/wallets/branded/my-ether-wallet.svg.js'
import obviousSvg from '@web3icons/core/svgs/wallets/branded/obvious.svg.js'
import okxSvg from '@web3icons/core/svgs/wallets/branded/okx.svg.js'
import phantomSvg from '@web3icons/core/svgs/wallets/branded/phantom.svg.js'
import pillarSvg from '@web3icons/core/svgs/wallets/branded/pillar.svg.js'
import rabbySvg from '@web3icons/core/svgs/wallets/branded/rabby.svg.js'
import rainbowSvg from '@web3icons/core/svgs/wallets/branded/rainbow.svg.js'
import roninSvg from '@web3icons/core/svgs/wallets/branded/ronin.svg.js'
import safeSvg from '@web3icons/core/svgs/wallets/branded/safe.svg.js'
import sequenceSvg from '@web3icons/core/svgs/wallets/branded/sequence.svg.js'
import solflareSvg from '@web3icons/core/svgs/wallets/branded/solflare.svg.js'
import templeSvg from '@web3icons/core/svgs/wallets/branded/temple.svg.js'
import tokenpocketSvg from '@web3icons/core/svgs/wallets/branded/token-pocket.svg.js'
import trezorSuiteSvg from '@web3icons/core/svgs/wallets/branded/trezor.svg.js'
import trustSvg from '@web3icons/core/svgs/wallets/branded/trust.svg.js'
import wallet3Svg from '@web3icons/core/svgs/wallets/branded/wallet-3.svg.js'
import zengoSvg from '@web3icons/core/svgs/wallets/branded/zengo.svg.js'
import zerionSvg from '@web3icons/core/svgs/wallets/branded/zerion.svg.js'

/**
 * Branded SVG logos from @web3icons/core (MIT), keyed by catalogue id. Most come from the package's wallet set;
 * exchange-run wallets use their parent brand's mark from its exchange set, and a few wallets whose token shares
 * the wallet's logo use that token mark (see ICONS.md). Bundled at build time: nothing is fetched.
 */
export const packagedWalletSvgs: Readonly<Record<string, string>> = Object.freeze({
  alphawallet: alphawalletSvg,
  argent: argentSvg,
  atomic: atomicSvg,
  backpack: backpackSvg,
  bitbox: bitboxSvg,
  bluewallet: bluewalletSvg,
  clave: claveSvg,
  coin98: coin98Svg,
  coinbase: coinbaseSvg,
  cypherock: cypherockSvg,
  enkrypt: enkryptSvg,
  exodus: exodusSvg,
  glow: glowSvg,
  imtoken: imtokenSvg,
  keplr: keplrSvg,
  kraken: krakenSvg,
  'ledger-live': ledgerLiveSvg,
  metamask: metamaskSvg,
  mew: mewSvg,
  obvious: obviousSvg,
  okx: okxSvg,
  phantom: phantomSvg,
  pillar: pillarSvg,
  rabby: rabbySvg,
  rainbow: rainbowSvg,
  ronin: roninSvg,
  safe: safeSvg,
  sequence: sequenceSvg,
  solflare: solflareSvg,
  temple: templeSvg,
  tokenpocket: tokenpocketSvg,
  'trezor-suite': trezorSuiteSvg,
  trust: trustSvg,
  wallet3: wallet3Svg,
  zengo: zengoSvg,
  zerion: zerionSvg,
  binance: binanceSvg,
  bitget: bitgetSvg,
  bybit: bybitSvg,
  'crypto-com-onchain': cryptoComOnchainSvg,
  gate: gateSvg,
  oneinch: oneinchSvg,
  uniswap: uniswapSvg,
  frontier: frontierSvg,
  klever: kleverSvg,
  mathwallet: mathwalletSvg,
  safepal: safepalSvg,
  status: statusSvg,
})
