import type { Plugin } from 'vite'

const APPKIT = '@reown/appkit/core'
const STUB = '\0allaccess:appkit-stub'

/**
 * WalletConnect's provider imports WalletConnect's own modal (@reown/appkit, with most of viem) lazily, for
 * `showQrModal` only, which the modal always turns off: it draws its own QR code. Bundling it anyway would
 * put the viem modules it uses in the chunks the page loads first (the page imports viem's barrel, so the
 * bundler counts every viem module as the page's). This plugin swaps it for a module that throws, which the
 * provider reports as "To use QR modal, please install @reown/appkit package".
 */
export function withoutAppKit(): Plugin {
  return {
    name: 'allaccess:without-appkit',
    enforce: 'pre',
    resolveId: (source) => (source === APPKIT ? STUB : null),
    load: (id) =>
      id === STUB
        ? `export function createAppKit() { throw new Error('${APPKIT} is not bundled: the QR modal is off') }`
        : null,
  }
}
