// `npm start -w @allaccess/solana-chain`: the local Solana chain until Ctrl-C.
// Env: SOLANA_HOST (127.0.0.1), SOLANA_PORT (8899; subscriptions on +1), SOLANA_SLOT_MS (400).
import { start } from '../src/server'

const env = (name: string) => process.env[name] || undefined
const chain = await start({
  host: env('SOLANA_HOST'),
  port: env('SOLANA_PORT') === undefined ? undefined : Number(env('SOLANA_PORT')),
  slotMs: env('SOLANA_SLOT_MS') === undefined ? undefined : Number(env('SOLANA_SLOT_MS')),
})
const stop = async () => {
  await chain.close()
  process.exit(0)
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
console.log(`solana ready: ${chain.url} (${chain.chainId}), subscriptions at ${chain.wsUrl}`)
console.log(`  dev keys: ${chain.genesis.devAddresses.join(', ')}`)
console.log(`  tUSD mint: ${chain.genesis.tusdMint}`)
