import { useState } from 'react'

/** What the Copy button of the export screen says after a click (docs/embedded-wallet.md#export). */
export const KEY_COPY_TEXTS = {
  copied: 'Copied. Paste it only into a wallet you trust, then clear your clipboard.',
  failed: 'Couldn’t copy the key. Select it and copy it yourself.',
} as const

/**
 * Copies the exported key, from inside the frame (the host page never sees it; the host's iframe delegates
 * `clipboard-write`). The result is said in a live region, next to the key.
 */
export function KeyCopy({ secret, label = 'Copy key' }: { secret: string; label?: string }) {
  const [result, setResult] = useState<keyof typeof KEY_COPY_TEXTS>()
  const copy = () =>
    navigator.clipboard.writeText(secret).then(
      () => setResult('copied'),
      () => setResult('failed'),
    )
  return (
    <>
      <div className="actions start">
        <button type="button" className="secondary" onClick={() => void copy()}>
          {label}
        </button>
      </div>
      <p aria-live="polite" className={result === 'failed' ? 'error' : undefined}>
        {result && KEY_COPY_TEXTS[result]}
      </p>
    </>
  )
}
