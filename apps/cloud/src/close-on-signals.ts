/** Runs `close` once, on the first SIGINT or SIGTERM, then exits 0 (1 if closing failed). */
export function closeOnSignals(close: () => Promise<void>): void {
  let closing = false
  const onSignal = () => {
    if (closing) return
    closing = true
    close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error)
        process.exit(1)
      },
    )
  }
  process.once('SIGINT', onSignal)
  process.once('SIGTERM', onSignal)
}
