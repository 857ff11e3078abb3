// Compiles the contracts (cached in artifacts/). Usage: npm run build -w @allaccess/chain [-- --force]
import { compileContracts } from '../src/compile'

const started = performance.now()
const artifacts = await compileContracts({ force: process.argv.includes('--force') })
for (const warning of artifacts.warnings) console.warn(warning)
for (const [name, artifact] of Object.entries(artifacts.contracts)) {
  console.log(`${name.padEnd(14)} ${(artifact.deployedBytecode.length - 2) / 2} bytes of runtime code`)
}
console.log(`solc ${artifacts.solcVersion}, ${Math.round(performance.now() - started)} ms`)
