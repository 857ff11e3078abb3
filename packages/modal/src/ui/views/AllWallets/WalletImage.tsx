import type { CSSProperties } from 'react'
import type { WalletListing } from '../../../core/types'
import { connectFeature } from '../../../features/connect/connectFeature'
import { useFeature } from '../../hooks'
import { monogramHue, monogramInitials } from './monogram'
import { useWalletImage } from './useWalletImage'

/** The listing's image through the cloud client (api owns URLs); the listing's own URL when it has no id. */
export function imageUrlOf(
  walletImageUrl: (imageId: string) => string | undefined,
  listing: WalletListing,
): string | undefined {
  return (listing.image_id ? walletImageUrl(listing.image_id) : undefined) ?? listing.image_url ?? undefined
}

/** Decorative next to the wallet's name (empty alt); a monogram stands in while it fails or is late. */
export function WalletImage({ listing, large = false }: { listing: WalletListing; large?: boolean }) {
  const url = imageUrlOf(useFeature(connectFeature).walletImageUrl, listing)
  const status = useWalletImage(url)
  const className = large ? 'wallet-image wallet-image-large' : 'wallet-image'
  if (status === 'loaded' && url) return <img className={className} src={url} alt="" draggable={false} />
  if (status === 'loading') return <span className={`${className} wallet-image-pending`} aria-hidden="true" />
  return (
    <span
      className={`${className} wallet-monogram`}
      style={{ '--aap-monogram-hue': monogramHue(listing.id) } as CSSProperties}
      aria-hidden="true"
    >
      {monogramInitials(listing.name)}
    </span>
  )
}
