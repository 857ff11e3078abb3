CREATE TABLE "onramp_orders" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"address" text NOT NULL,
	"chain_id" integer NOT NULL,
	"network" text NOT NULL,
	"purchase_currency" text NOT NULL,
	"payment_currency" text NOT NULL,
	"payment_method" text NOT NULL,
	"payment_cents" bigint,
	"purchase_units" text,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"tx_hash" text,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "onramp_orders_by_created" ON "onramp_orders" USING btree ("created_at");