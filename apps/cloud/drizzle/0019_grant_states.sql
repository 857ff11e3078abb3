-- A grant's state (docs/paymaster.md): the caps count what the EntryPoint paid and give back a grant unused in its
-- window. Grants from before are open, with no nonce nor block (searched from the chain's first block).
ALTER TABLE "sponsorships" ADD COLUMN "nonce" numeric(78, 0);--> statement-breakpoint
ALTER TABLE "sponsorships" ADD COLUMN "grant_block" bigint;--> statement-breakpoint
ALTER TABLE "sponsorships" ADD COLUMN "state" text DEFAULT 'open' NOT NULL;--> statement-breakpoint
ALTER TABLE "sponsorships" ADD COLUMN "actual_cost_wei" numeric(78, 0);--> statement-breakpoint
CREATE INDEX "sponsorships_by_project_state" ON "sponsorships" USING btree ("project_id","state","valid_until");