import { monogramHue, monogramInitials, type WalletListing } from '@allaccess/protocol'
import type { CSSProperties } from 'react'
import { useFeature } from '../../../../ui/shell/hooks'
import { connectFeature } from '../../connectFeature'
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
  return (
    <MonogramImage
      url={imageUrlOf(useFeature(connectFeature).walletImageUrl, listing)}
      seed={listing.id}
      name={listing.name}
      className={large ? 'wallet-image wallet-image-large' : 'wallet-image'}
    />
  )
}

/**
 * An image beside its name, so decorative (empty alt); the name's monogram, coloured by `seed`, stands in
 * while the image fails or is late.
 */
export function MonogramImage({
  url,
  seed,
  name,
  className,
}: {
  url: string | undefined
  seed: string
  name: string
  className: string
}) {
  const status = useWalletImage(url)
  if (status === 'loaded' && url) return <img className={className} src={url} alt="" draggable={false} />
  if (status === 'loading') return <span className={`${className} wallet-image-pending`} aria-hidden="true" />
  return (
    <span
      className={`${className} wallet-monogram`}
      style={{ '--aap-monogram-hue': monogramHue(seed) } as CSSProperties}
      aria-hidden="true"
    >
      {monogramInitials(name)}
    </span>
  )
}
