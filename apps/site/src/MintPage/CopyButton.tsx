import { useState } from 'react'

/**
 * A "Copy" button (its accessible name says what it copies) and a status line that says whether it worked. When
 * the browser refuses the clipboard, the status shows the whole text so it can be selected by hand.
 */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const [outcome, setOutcome] = useState<'copied' | 'refused'>()
  const copy = () =>
    navigator.clipboard.writeText(text).then(
      () => setOutcome('copied'),
      () => setOutcome('refused'),
    )
  return (
    <>
      <button type="button" className="button secondary" aria-label={label} onClick={() => void copy()}>
        Copy
      </button>
      <span role="status" className="copy-status">
        {outcome === 'copied' ? 'Copied' : null}
        {outcome === 'refused' ? (
          <>
            The browser refused the clipboard: <code>{text}</code>
          </>
        ) : null}
      </span>
    </>
  )
}
