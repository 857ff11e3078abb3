import type { DirectoryStore } from '../directory/index.js'
import type { ProjectStore } from '../projects/index.js'

/** What the project commands need: the database's store, or a running cloud's admin API. */
export type ProjectAdmin = Pick<ProjectStore, 'list' | 'get' | 'create' | 'update' | 'remove'>

/** Where the CLI's commands act. The wallet commands need the database; a running cloud serves projects only. */
export type CliBackend = { projects: ProjectAdmin; directory: DirectoryStore | undefined }
