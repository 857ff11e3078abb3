/**
 * Swap quote benchmark (loopback, sequential): `GET /v1/convert/quotes` on the devnet's Uniswap V2 — the cloud reads
 * every candidate pool's reserves in one multicall through its upstream and picks the best route. 0.01 ETH → tUSD
 * (direct, or through TGLD) and 100 TGLD → tUSD (direct, or through WETH). Prints p50, p95 and p99 in ms.
 * Run: `npx tsx bench/convert.ts` (BENCH_ROUNDS, default 200).
 */
import { deployAll } from '@allaccess/chain'
import { devAccounts } from '@allaccess/chain/devnet'
import { BENCH_CLIENT, ROUNDS, startChainAndCloud, timed } from './loopback'

const { anvil, cloud, stop } = await startChainAndCloud()

try {
  const { addresses } = await deployAll({ rpcUrl: anvil.rpcUrl, writeModule: false })
  const user = devAccounts[1]?.address ?? ''
  const quote = (from: string, to: string, amount: string) => async () => {
    const query = new URLSearchParams({ amount, userAddress: user, from, to })
    const response = await fetch(`${cloud.url}/v1/convert/quotes?${BENCH_CLIENT}&${query}`)
    if (response.status !== 200) throw new Error(`quote ${response.status}: ${await response.text()}`)
    await response.json()
  }
  const eth = 'eip155:31337:native'
  const usd = `eip155:31337:${addresses.testUsd}`
  const gold = `eip155:31337:${addresses.testGold}`
  console.table([
    { scenario: 'quote 0.01 ETH → tUSD', ...(await timed(ROUNDS, quote(eth, usd, '10000000000000000'))) },
    {
      scenario: 'quote 100 TGLD → tUSD',
      ...(await timed(ROUNDS, quote(gold, usd, '100000000000000000000'))),
    },
  ])
} finally {
  await stop()
}
