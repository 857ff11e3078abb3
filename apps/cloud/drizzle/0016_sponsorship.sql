-- The paymaster's sponsorship policies (one per project) and every grant it signed (docs/paymaster.md).
CREATE TABLE "sponsorship_policies" (
	"project_id" text PRIMARY KEY NOT NULL,
	"policy" jsonb NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sponsorships" (
	"user_op_hash" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"chain_id" integer NOT NULL,
	"sender" text NOT NULL,
	"day" text NOT NULL,
	"max_cost_wei" numeric(78, 0) NOT NULL,
	"calls" jsonb NOT NULL,
	"valid_until" bigint NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sponsorships_by_project_day" ON "sponsorships" USING btree ("project_id","day");--> statement-breakpoint
CREATE INDEX "sponsorships_by_project_sender_day" ON "sponsorships" USING btree ("project_id","sender","day");