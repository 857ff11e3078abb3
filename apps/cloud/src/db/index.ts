export { DatabaseBusyError, isUniqueViolation } from './errors.js'
export { type Database, type DatabaseOptions, type Db, openDatabase } from './open.js'
export { createOwnerOnlyFiles } from './owner-only.js'
export { meta } from './tables.js'
