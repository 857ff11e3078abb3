/**
 * Name service benchmark (loopback, sequential, bounded): a name lookup over HTTP (`GET /v1/profile/account/{name}`)
 * and a full CCIP-Read resolution (viem `getEnsAddress` on anvil: Universal Resolver → wildcard resolver →
 * OffchainLookup → the cloud's gateway → signed answer checked on chain). Prints p50 and p95 in ms.
 * Run: `npx tsx bench/names.ts` (BENCH_ROUNDS, default 200).
 */
import { anvilChain, deployAll } from '@allaccess/chain'
import { coinTypeOfChainId, NAMES_CCIP_POST_PATH, nameMessage } from '@allaccess/protocol'
import { createPublicClient, http } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { BENCH_CLIENT, ROUNDS, startChainAndCloud, timed } from './loopback'

const { anvil, cloud, stop } = await startChainAndCloud()
const NAME = 'bench.allaccess.eth'

try {
  const { addresses } = await deployAll({
    rpcUrl: anvil.rpcUrl,
    writeModule: false,
    names: { gatewayUrl: cloud.url + NAMES_CCIP_POST_PATH },
  })
  const account = privateKeyToAccount(generatePrivateKey())
  const message = nameMessage(NAME, { avatar: 'https://example.com/a.png' }, Math.floor(Date.now() / 1000))
  const registered = await fetch(`${cloud.url}/v1/profile/account?${BENCH_CLIENT}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      coin_type: coinTypeOfChainId(31337),
      address: account.address,
      message,
      signature: await account.signMessage({ message }),
    }),
  })
  if (registered.status !== 201) throw new Error(`registration failed: ${await registered.text()}`)

  const lookup = await timed(ROUNDS, async () => {
    const response = await fetch(`${cloud.url}/v1/profile/account/${NAME}?${BENCH_CLIENT}`)
    if (response.status !== 200) throw new Error(`lookup ${response.status}`)
    await response.json()
  })
  const client = createPublicClient({ chain: anvilChain(anvil.rpcUrl), transport: http(anvil.rpcUrl) })
  const resolution = await timed(ROUNDS, async () => {
    const address = await client.getEnsAddress({
      name: NAME,
      universalResolverAddress: addresses.namesUniversalResolver,
    })
    if (address !== account.address) throw new Error(`resolved ${address}`)
  })
  console.table([
    { scenario: 'GET /v1/profile/account/{name}', ...lookup },
    { scenario: 'getEnsAddress via CCIP-Read', ...resolution },
  ])
} finally {
  await stop()
}
