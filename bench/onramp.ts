/**
 * On-ramp benchmark (loopback, sequential, bounded): a quote (`POST /v1/onramp/quote`, validation, limits and
 * pricing) and the generator (`POST /v1/generators/onrampurl`: an order row written, the checkout URL built), each
 * from a fresh wallet so the per-wallet cap never answers instead. Prints p50, p95 and p99 in ms.
 * Run: `npx tsx bench/onramp.ts` (BENCH_ROUNDS, default 200).
 */
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { BENCH_CLIENT, ROUNDS, startChainAndCloud, timed } from './loopback'

const { cloud, stop } = await startChainAndCloud()

const post = async (path: string, body: unknown) => {
  const response = await fetch(`${cloud.url}${path}?${BENCH_CLIENT}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  if (response.status !== 200) throw new Error(`${path} ${response.status}: ${await response.text()}`)
  return response.json()
}

try {
  let round = 0
  const quote = await timed(ROUNDS, () => {
    round++
    return post('/v1/onramp/quote', {
      purchaseCurrency: 'USDC',
      paymentCurrency: 'USD',
      // A different amount each time: nothing may be answered from a cache.
      amount: (10 + ((round * 37.13) % 7000)).toFixed(2),
      network: 'devnet',
    })
  })
  const generator = await timed(ROUNDS, () =>
    post('/v1/generators/onrampurl', {
      destinationWallets: [{ address: privateKeyToAccount(generatePrivateKey()).address }],
      presetFiatAmount: 50,
    }),
  )
  console.table([
    { scenario: 'POST /v1/onramp/quote', ...quote },
    { scenario: 'POST /v1/generators/onrampurl', ...generator },
  ])
} finally {
  await stop()
}
