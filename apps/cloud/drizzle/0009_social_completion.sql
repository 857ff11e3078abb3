-- Attempts live five minutes; those started before the opener binding cannot finish under it.
DELETE FROM "embedded_social_attempts";--> statement-breakpoint
ALTER TABLE "embedded_social_attempts" ADD COLUMN "host_origin" text NOT NULL;--> statement-breakpoint
ALTER TABLE "embedded_social_attempts" ADD COLUMN "completion_hash" text;