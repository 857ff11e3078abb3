import type { Deployment } from '../src/deployment'
import { devAccounts } from '../src/devnet'

export function printDeployment(rpcUrl: string, d: Deployment): void {
  console.log(`chain ${d.chainId} at ${rpcUrl}`)
  for (const [name, address] of Object.entries(d.addresses)) {
    const fresh = d.deployed.includes(name as keyof Deployment['addresses'])
    console.log(`  ${name.padEnd(14)} ${address}${fresh ? '  (deployed now)' : ''}`)
  }
  console.log(`  deployer       ${d.deployer}`)
  console.log(
    d.moduleWritten ? 'wrote src/generated/deployments.ts' : 'src/generated/deployments.ts is up to date',
  )
  console.log(`dev account 0   ${devAccounts[0]?.address} (10000 ETH)`)
}
