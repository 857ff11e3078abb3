/** A spinner that also tells screen readers what is being waited for. */
export function Spinner({ label }: { label: string }) {
  return (
    <div role="status" className="spinner-wrap">
      <div className="spinner" aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </div>
  )
}
