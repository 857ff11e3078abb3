-- Sign-ins bound to the device key that started them (docs/embedded-wallet.md#sign-in-binding). Approvals and social
-- attempts in flight (minutes long) are dropped: they cannot be bound after the fact.
CREATE TABLE "embedded_email_failures" (
	"email" text NOT NULL,
	"device_key" text NOT NULL,
	"day_started_at" bigint NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "embedded_email_failures_email_device_key_pk" PRIMARY KEY("email","device_key")
);
--> statement-breakpoint
DELETE FROM "embedded_device_approvals";--> statement-breakpoint
DELETE FROM "embedded_social_attempts";--> statement-breakpoint
ALTER TABLE "embedded_device_approvals" ADD COLUMN "device_key" text NOT NULL;--> statement-breakpoint
ALTER TABLE "embedded_device_approvals" ADD COLUMN "project_id" text NOT NULL;--> statement-breakpoint
ALTER TABLE "embedded_social_attempts" ADD COLUMN "device_key" text NOT NULL;--> statement-breakpoint
ALTER TABLE "embedded_social_attempts" ADD COLUMN "frame_origin" text NOT NULL;--> statement-breakpoint
ALTER TABLE "embedded_email_limits" DROP COLUMN "failures";
