CREATE TABLE "verify_attestations" (
	"id" text PRIMARY KEY NOT NULL,
	"origin" text NOT NULL,
	"project_id" text NOT NULL,
	"is_verified" boolean NOT NULL,
	"client" text NOT NULL,
	"created_at" bigint NOT NULL,
	"expires_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "relay_messages" ADD COLUMN "attestation" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "verify_attestations_by_client" ON "verify_attestations" USING btree ("client","created_at");--> statement-breakpoint
CREATE INDEX "verify_attestations_by_expiry" ON "verify_attestations" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "relay_messages_by_sender" ON "relay_messages" USING btree ("sender");