import { useMemo } from 'react'
import { qrPath } from './qrPath'

/** The pairing link as a QR code; decorative to assistive tech (the figure around it is named). */
export function QrCode({ value, iconSpace }: { value: string; iconSpace: boolean }) {
  const { size, path } = useMemo(() => qrPath(value, { iconSpace }), [value, iconSpace])
  return (
    <svg
      viewBox={`-1 -1 ${size + 2} ${size + 2}`}
      shapeRendering="crispEdges"
      aria-hidden="true"
      focusable="false"
    >
      <path d={path} fill="currentColor" />
    </svg>
  )
}
