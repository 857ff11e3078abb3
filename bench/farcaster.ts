/**
 * Sign In With Farcaster benchmark (loopback, sequential, bounded): the site's app client opens a channel, the
 * Farcaster app (the testkit's client: message built, signed with the custody key) approves it through the relay,
 * the cloud verifies it (signature, custody on the devnet's ID registry), the app reads the completed status, and
 * the cloud hands out the verified identity. Prints p50 and p95 in ms. Run: `npx tsx bench/farcaster.ts`
 * (BENCH_ROUNDS, default 200).
 */
import { deployAll } from '@allaccess/chain'
import { createFarcasterClient, registerFarcasterUser } from '@allaccess/testkit/farcaster'
import { createAppClient, viemConnector } from '@farcaster/auth-client'
import { ROUNDS, startChainAndCloud, timed } from './loopback'

const { anvil, cloud, stop } = await startChainAndCloud()
try {
  await deployAll({ rpcUrl: anvil.rpcUrl, writeModule: false })
  const user = await registerFarcasterUser(anvil.rpcUrl, { username: 'bench' })
  // The app client's connector is never asked: the cloud verifies.
  const app = createAppClient({ relay: cloud.url, ethereum: viemConnector({ rpcUrl: anvil.rpcUrl }) })
  const farcasterApp = createFarcasterClient({ relay: cloud.url, user })
  const signIn = await timed(ROUNDS, async () => {
    const channel = await app.createChannel({ siweUri: 'http://127.0.0.1:5173/', domain: '127.0.0.1:5173' })
    if (channel.isError) throw channel.error
    const approved = await farcasterApp.approve(channel.data.url)
    if (approved.status !== 201)
      throw new Error(`approval ${approved.status}: ${JSON.stringify(approved.body)}`)
    const status = await app.status({ channelToken: channel.data.channelToken })
    if (status.isError || status.data.state !== 'completed') throw new Error('the channel did not complete')
    const identity = cloud.services.farcaster.verifiedIdentity(channel.data.channelToken)
    if (identity.fid !== user.fid) throw new Error(`verified fid ${identity.fid}, expected ${user.fid}`)
  })
  console.table([{ scenario: 'Farcaster: channel → approved → completed → verified', ...signIn }])
} finally {
  await stop()
}
