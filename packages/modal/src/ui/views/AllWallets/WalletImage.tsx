import { monogramHue, monogramInitials, type WalletListing } from '@allaccess/protocol'
import type { CSSProperties } from 'react'
import { connectFeature } from '../../../features/connect/connectFeature'
import { useFeature } from '../../hooks'
import { useWalletImage } from './useWalletImage'

/** The listing's image through the cloud client (api owns URLs); the listing's own URL when the client has none. */
export function imageUrlOf(
  walletImageUrl: (imageId: string) => string | undefined,
  listing: WalletListing,
): string {
  return walletImageUrl(listing.image_id) ?? listing.image_url
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
