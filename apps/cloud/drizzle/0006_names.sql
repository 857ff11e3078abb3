CREATE TABLE "names" (
	"name" text PRIMARY KEY NOT NULL,
	"zone" text NOT NULL,
	"address" text NOT NULL,
	"coin_type" bigint NOT NULL,
	"attributes" jsonb NOT NULL,
	"registered_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL,
	"signed_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "names_one_per_address" ON "names" USING btree ("zone","address");--> statement-breakpoint
CREATE INDEX "names_by_address" ON "names" USING btree ("address");