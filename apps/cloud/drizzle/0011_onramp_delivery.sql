ALTER TABLE "onramp_orders" ADD COLUMN "delivery_tx" text;--> statement-breakpoint
ALTER TABLE "onramp_orders" ADD COLUMN "delivering_since" bigint;