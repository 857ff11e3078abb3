-- Sessions made before the device binding carry no device key: a bearer token alone must not stay valid.
DELETE FROM "embedded_sessions";--> statement-breakpoint
CREATE TABLE "embedded_proof_nonces" (
	"nonce" text PRIMARY KEY NOT NULL,
	"expires_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "embedded_sessions" ADD COLUMN "device_key" text NOT NULL;--> statement-breakpoint
ALTER TABLE "embedded_sessions" ADD COLUMN "project_id" text NOT NULL;--> statement-breakpoint
ALTER TABLE "embedded_sessions" ADD COLUMN "enrol_until" bigint;--> statement-breakpoint
CREATE INDEX "embedded_proof_nonces_by_expiry" ON "embedded_proof_nonces" USING btree ("expires_at");