import { CloudError } from '../errors.js'

/** PGlite is single-process: a second process must not open the same data folder. */
export class DatabaseBusyError extends CloudError<'databaseBusy'> {
  override readonly name = 'DatabaseBusyError'
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      'databaseBusy',
      `The data folder ${dataDir} is in use by process ${pid}. PGlite allows one process at a time: ` +
        'stop that process (or point both at PostgreSQL with DATABASE_URL) and try again.',
    )
  }
}

/** Whether a write failed on a unique constraint (PostgreSQL's 23505; drizzle may wrap the driver's error). */
export const isUniqueViolation = (error: unknown): boolean =>
  [error, (error as { cause?: unknown } | null)?.cause].some(
    (e) => (e as { code?: unknown } | null)?.code === '23505',
  )
