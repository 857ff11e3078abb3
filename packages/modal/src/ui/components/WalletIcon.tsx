import type { Connector } from '../../chains/types'

/** Wallet icons are decorative next to the wallet's name, so they carry an empty alt. */
export function WalletIcon({
  connector,
  large = false,
}: {
  connector: Connector | undefined
  large?: boolean
}) {
  const className = large ? 'icon icon-large' : 'icon'
  const src = connector?.imageUrl ?? connector?.info?.icon
  if (!src) return <span className={className} aria-hidden="true" />
  return <img className={className} src={src} alt="" width={large ? 72 : 40} height={large ? 72 : 40} />
}
