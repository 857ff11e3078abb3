import { readFileSync } from 'node:fs'
import { join } from 'node:path'

/**
 * The React a dapp outside the repository runs, and the React majors the modal's installed tarball admits as peers:
 * the browser tests run one dapp on each major the range names (docs/packages.md#outside-dapps), so the range is
 * what was tested.
 */
export type ReactPeers = {
  react: number
  reactDom: number
  admitted: { react: number[]; reactDom: number[] }
}

const readManifest = (folder: string, name: string) =>
  JSON.parse(readFileSync(join(folder, 'node_modules', name, 'package.json'), 'utf8')) as {
    version: string
    peerDependencies?: Record<string, string>
  }

/** The majors of a range made of caret ranges (`^18.0.0 || ^19.0.0`); any other form is refused by name. */
export function caretMajors(range: string): number[] {
  return range.split('||').map((part) => {
    const major = /^\^(\d+)\.\d+\.\d+$/.exec(part.trim())?.[1]
    if (major === undefined) throw new Error(`'${range}' is not a list of caret ranges (^18.0.0 || ^19.0.0)`)
    return Number(major)
  })
}

export function reactPeers(folder: string): ReactPeers {
  const major = (name: string) => Number(readManifest(folder, name).version.split('.')[0])
  const peers = readManifest(folder, '@allaccess/modal').peerDependencies ?? {}
  return {
    react: major('react'),
    reactDom: major('react-dom'),
    admitted: { react: caretMajors(peers.react ?? ''), reactDom: caretMajors(peers['react-dom'] ?? '') },
  }
}
