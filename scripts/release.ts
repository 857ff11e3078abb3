import { execFileSync } from 'node:child_process'
import { mkdirSync, readdirSync, rmSync } from 'node:fs'
import { join, relative } from 'node:path'
import { checkTarballs } from './checkPackages'
import { packPackages, WORKSPACE } from './packPackages'

/**
 * `npm run release`: everything up to publishing, which stays a person's act (docs/packages.md): refuses while
 * changesets wait to be applied, builds the published packages, packs them into .release/, proves the tarballs
 * install and import outside the repository, and prints the commands that publish them, in dependency order.
 */
const pending = readdirSync(join(WORKSPACE, '.changeset')).filter(
  (file) => file.endsWith('.md') && file !== 'README.md',
)
if (pending.length > 0)
  throw new Error(
    `changesets not applied yet (${pending.join(', ')}): run \`npm run version:packages\` first`,
  )

execFileSync('npm', ['run', 'build:packages'], { cwd: WORKSPACE, stdio: 'inherit' })
const destination = join(WORKSPACE, '.release')
rmSync(destination, { recursive: true, force: true })
mkdirSync(destination)
const tarballs = packPackages(destination)
await checkTarballs(tarballs)
console.log('\nChecked. To publish (an npm account with rights on @allaccess), in this order:')
for (const tarball of tarballs) console.log(`  npm publish ${relative(WORKSPACE, tarball)} --access public`)
