CREATE TABLE "siwx_nonces" (
	"nonce" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"client_key" text NOT NULL,
	"origin" text NOT NULL,
	"account_address" text,
	"fields" jsonb NOT NULL,
	"issued_at" bigint NOT NULL,
	"expires_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "siwx_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"project_id" text NOT NULL,
	"address" text NOT NULL,
	"data" jsonb NOT NULL,
	"message" text NOT NULL,
	"signature" text NOT NULL,
	"cacao" jsonb,
	"created_at" bigint NOT NULL,
	"expires_at" bigint NOT NULL,
	CONSTRAINT "siwx_sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE INDEX "siwx_nonces_by_client" ON "siwx_nonces" USING btree ("project_id","client_key","issued_at");--> statement-breakpoint
CREATE INDEX "siwx_nonces_by_expiry" ON "siwx_nonces" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "siwx_sessions_by_account" ON "siwx_sessions" USING btree ("project_id","address","created_at");--> statement-breakpoint
CREATE INDEX "siwx_sessions_by_expiry" ON "siwx_sessions" USING btree ("expires_at");