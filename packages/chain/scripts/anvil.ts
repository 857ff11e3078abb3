// Starts anvil, deploys the contracts and stays up until Ctrl-C.
// Env: ANVIL_HOST (127.0.0.1), ANVIL_PORT (8545), ANVIL_CHAIN_ID (31337), ANVIL_BLOCK_TIME (none), ANVIL_LOG=1.
import { startAnvil } from '../src/anvil'
import { deployAll } from '../src/deploy'
import { printDeployment } from './print'

const env = (name: string) => (process.env[name] ? process.env[name] : undefined)
const num = (name: string) => (env(name) === undefined ? undefined : Number(env(name)))

const anvil = await startAnvil({
  host: env('ANVIL_HOST'),
  port: num('ANVIL_PORT'),
  chainId: num('ANVIL_CHAIN_ID'),
  blockTime: num('ANVIL_BLOCK_TIME'),
  onLog: env('ANVIL_LOG') ? (line) => console.log(`[anvil] ${line}`) : undefined,
})
let stopping = false
const shutdown = async () => {
  if (stopping) return
  stopping = true
  await anvil.stop()
  process.exit(0)
}
process.on('SIGINT', shutdown)
process.on('SIGTERM', shutdown)

try {
  printDeployment(anvil.rpcUrl, await deployAll({ rpcUrl: anvil.rpcUrl }))
} catch (err) {
  await anvil.stop()
  throw err
}
console.log(`anvil is running at ${anvil.rpcUrl}; Ctrl-C stops it.`)
