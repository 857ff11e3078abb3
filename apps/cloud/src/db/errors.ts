/** PGlite is single-process: a second process must not open the same data folder. */
export class DatabaseBusyError extends Error {
  override readonly name = 'DatabaseBusyError'
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The data folder ${dataDir} is in use by process ${pid}. PGlite allows one process at a time: ` +
        'stop that process (or point both at PostgreSQL with DATABASE_URL) and try again.',
    )
  }
}
