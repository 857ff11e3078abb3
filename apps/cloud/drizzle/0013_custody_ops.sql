CREATE TABLE "embedded_email_limits" (
	"email" text PRIMARY KEY NOT NULL,
	"day_started_at" bigint NOT NULL,
	"codes" integer DEFAULT 0 NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_sent_at" bigint
);
--> statement-breakpoint
ALTER TABLE "embedded_device_approvals" ADD COLUMN "ticket_hash" text;--> statement-breakpoint
ALTER TABLE "embedded_device_approvals" ADD COLUMN "claimed_at" bigint;--> statement-breakpoint
ALTER TABLE "embedded_device_approvals" ADD COLUMN "user_agent" text;--> statement-breakpoint
ALTER TABLE "embedded_device_approvals" ADD COLUMN "client_address" text;--> statement-breakpoint
ALTER TABLE "embedded_device_approvals" DROP COLUMN "code_sent";--> statement-breakpoint
ALTER TABLE "embedded_device_approvals" ADD CONSTRAINT "embedded_device_approvals_ticket_hash_unique" UNIQUE("ticket_hash");