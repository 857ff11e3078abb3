import { startAnvil } from '@allaccess/chain'
import { startCloud } from '@allaccess/cloud'

/** Rounds of each loopback benchmark (BENCH_ROUNDS). */
export const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 200)
/** The query every benchmark request carries: the local project, and a client that says it is the bench. */
export const BENCH_CLIENT = 'projectId=allaccess-local&st=bench&sv=1'

/** A fresh anvil and an in-memory cloud in front of it, with no indexer and no rate limit to measure. */
export async function startChainAndCloud() {
  const anvil = await startAnvil({ port: 0 })
  const cloud = await startCloud({
    port: 0,
    dataDir: 'memory://',
    env: {
      LOG_LEVEL: 'silent',
      INDEXER: '0',
      RPC_UPSTREAM_31337: anvil.rpcUrl,
      CLOUD_RATE_LIMIT_MAX: '10000000',
    },
  })
  return {
    anvil,
    cloud,
    async stop() {
      await cloud.close()
      await anvil.stop()
    },
  }
}

/** p50, p95 and p99 of `rounds` sequential runs of `run`, in ms, after a few warm-up runs. */
export async function timed(
  rounds: number,
  run: () => Promise<unknown>,
): Promise<{ p50: number; p95: number; p99: number }> {
  for (let i = 0; i < 5; i++) await run()
  const times: number[] = []
  for (let i = 0; i < rounds; i++) {
    const started = performance.now()
    await run()
    times.push(performance.now() - started)
  }
  times.sort((a, b) => a - b)
  const at = (q: number) => Number((times[Math.floor(q * (times.length - 1))] as number).toFixed(2))
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99) }
}
