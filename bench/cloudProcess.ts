import { type ChildProcess, spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { newKek } from '@allaccess/cloud'

const TSX = fileURLToPath(new URL('../node_modules/.bin/tsx', import.meta.url))
const MAIN = fileURLToPath(new URL('../apps/cloud/src/main.ts', import.meta.url))

/**
 * The cloud as its own process (as `npm start` runs it), so a benchmark's load generator doesn't share its CPU; its
 * data lives no longer than the run, so a key-encryption key in memory serves.
 */
export async function startCloudProcess(
  env: Record<string, string>,
): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(TSX, [MAIN], {
    env: { EMBEDDED_KEK: newKek(), ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const url = await new Promise<string>((resolve, reject) => {
    let out = ''
    const timer = setTimeout(() => reject(new Error(`cloud did not start: ${out}`)), 60_000)
    child.stdout?.on('data', (chunk) => {
      out += chunk
      const match = /cloud listening on (\S+)/.exec(out)
      if (match?.[1]) {
        clearTimeout(timer)
        resolve(match[1])
      }
    })
    child.once('exit', (code) => reject(new Error(`cloud exited with ${code}: ${out}`)))
  })
  return { url, child }
}
