export { DatabaseBusyError, isUniqueViolation } from './errors.js'
export { type Database, type DatabaseOptions, type Db, openDatabase } from './open.js'
export type { RemoteFeature } from './schema.js'
export * as tables from './schema.js'
