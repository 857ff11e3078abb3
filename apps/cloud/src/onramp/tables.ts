import { bigint, index, integer, pgTable, text } from 'drizzle-orm/pg-core'

/**
 * The sandbox provider's orders (apps/cloud/README.md#on-ramp), one row per checkout the generator opened. Amounts
 * are integers: `paymentCents` in the payment currency's cents, `purchaseUnits` in the token's base units (6
 * decimals). `status` moves pending → confirming → processing → completed (or declined, failed); only the request
 * that moves an order from confirming to processing sends its delivery, and a delivery cut short (the cloud stopped)
 * is finished from what it recorded, so an order is delivered once.
 */
export const onrampOrders = pgTable(
  'onramp_orders',
  {
    id: text('id').primaryKey(),
    projectId: text('project_id').notNull(),
    /** Lower-case 0x address the tokens go to. */
    address: text('address').notNull(),
    chainId: integer('chain_id').notNull(),
    network: text('network').notNull(),
    purchaseCurrency: text('purchase_currency').notNull(),
    paymentCurrency: text('payment_currency').notNull(),
    paymentMethod: text('payment_method').notNull(),
    /** Undefined until the visitor enters an amount at the checkout (the generator's preset, if any, else none). */
    paymentCents: bigint('payment_cents', { mode: 'number' }),
    purchaseUnits: text('purchase_units'),
    status: text('status').notNull(),
    /** Card payments tried (declines included): bounded per order. */
    attempts: integer('attempts').notNull().default(0),
    /** The delivery's transaction, known once signed (before it is broadcast). */
    txHash: text('tx_hash'),
    /** The delivery signed and recorded before its broadcast: a delivery cut short is finished with it, once. */
    deliveryTx: text('delivery_tx'),
    /** Unix milliseconds: when the delivery (or its last resumption) began; null before processing. */
    deliveringSince: bigint('delivering_since', { mode: 'number' }),
    /** Unix milliseconds. */
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [index('onramp_orders_by_created').on(t.createdAt)],
)

export type OnrampOrderRow = typeof onrampOrders.$inferSelect
