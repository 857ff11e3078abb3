/** A step's live status while it runs (announced), and its failure as an alert. */
export function StepFeedback({ busy, busyText, error }: { busy: boolean; busyText: string; error?: string }) {
  return (
    <>
      <div role="status" className="muted">
        {busy ? busyText : null}
      </div>
      {error ? (
        <p className="error" role="alert">
          {error}
        </p>
      ) : null}
    </>
  )
}
