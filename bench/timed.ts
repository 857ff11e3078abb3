/** p50 and p95 of `rounds` sequential runs of `run`, in ms, after a few warm-up runs. */
export async function timed(
  rounds: number,
  run: () => Promise<unknown>,
): Promise<{ p50: number; p95: number }> {
  for (let i = 0; i < 5; i++) await run()
  const times: number[] = []
  for (let i = 0; i < rounds; i++) {
    const started = performance.now()
    await run()
    times.push(performance.now() - started)
  }
  times.sort((a, b) => a - b)
  const at = (q: number) => Number((times[Math.floor(q * (times.length - 1))] as number).toFixed(2))
  return { p50: at(0.5), p95: at(0.95) }
}
