import { deployAll, startAnvil } from '@allaccess/chain'
import { closeOnSignals } from '@allaccess/cloud'

/**
 * `npm start`'s chain: anvil on ANVIL_PORT with the contracts deployed (a fresh chain each start, so the same
 * addresses), until SIGTERM.
 */
const anvil = await startAnvil({ port: Number(process.env.ANVIL_PORT ?? 8545) })
closeOnSignals(anvil.stop)
const gatewayUrl = process.env.NAMES_GATEWAY_URL
const deployment = await deployAll({
  rpcUrl: anvil.rpcUrl,
  writeModule: true,
  ...(gatewayUrl ? { names: { gatewayUrl } } : {}),
})
console.log(
  `chain ready: ${anvil.rpcUrl} (chain 31337), All-Access Pass at ${deployment.addresses.allAccessPass}`,
)
