import { startAlto } from '@allaccess/chain'
import { closeOnSignals } from '@allaccess/cloud'

/**
 * `npm start`'s bundler: Alto (ERC-4337, EntryPoint v0.8) on BUNDLER_PORT over the chain part's anvil, with the
 * devnet's bundler keys. When Alto exits this part exits too, so the supervisor restarts it.
 */
const alto = await startAlto({
  rpcUrl: String(process.env.RPC_URL),
  port: Number(process.env.BUNDLER_PORT ?? 4337),
  onLog: (line) => console.log(line),
})
closeOnSignals(alto.stop)
void alto.exited.then((code) => process.exit(code ?? 1))
console.log(`bundler ready: ${alto.bundlerUrl} (Alto, EntryPoint v0.8, chain 31337)`)
