import { customType } from 'drizzle-orm/pg-core'

/** Raw bytes; PGlite hands back Uint8Array and node-postgres a Buffer, so normalise to Buffer. */
export const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
})
