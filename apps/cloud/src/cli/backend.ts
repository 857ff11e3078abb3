import type { DirectoryStore } from '../directory/index.js'
import type { SponsorshipStore } from '../paymaster/index.js'
import type { ProjectStore } from '../projects/index.js'

/** What the project commands need: the database's store, or a running cloud's admin API. */
export type ProjectAdmin = Pick<ProjectStore, 'list' | 'get' | 'create' | 'update' | 'remove'>

/** What the sponsorship commands need: the database's store, or a running cloud's admin API. */
export type SponsorshipAdmin = Pick<SponsorshipStore, 'policy' | 'setPolicy' | 'removePolicy' | 'recent'>

/**
 * Where the CLI's commands act. The wallet commands need the database; a running cloud serves projects and
 * sponsorship policies only.
 */
export type CliBackend = {
  projects: ProjectAdmin
  sponsorship: SponsorshipAdmin
  directory: DirectoryStore | undefined
}
