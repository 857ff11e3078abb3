import { toString as qrSvg } from 'qrcode'
import { useEffect, useState } from 'react'

/** A phone cannot scan its own screen: there the link is the way in, and no QR code is drawn. */
const onPhone = () => window.matchMedia('(hover: none) and (pointer: coarse)').matches

/**
 * The Farcaster approval's link: its QR code (an SVG image: the frame's CSP allows `data:` images and no inline
 * style) and the link itself, opened in a new window so the frame stays where it is.
 */
export function FarcasterLink({ url }: { url: string }) {
  const [image, setImage] = useState<string>()
  useEffect(() => {
    if (onPhone()) return
    let current = true
    void qrSvg(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }).then((svg) => {
      if (current) setImage(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`)
    })
    return () => {
      current = false
    }
  }, [url])
  return (
    <>
      {image && (
        <figure className="qr">
          <img src={image} alt="QR code to approve in Farcaster" width={200} height={200} />
        </figure>
      )}
      <a className="link-button" href={url} target="_blank" rel="noreferrer">
        Open Farcaster
      </a>
    </>
  )
}
