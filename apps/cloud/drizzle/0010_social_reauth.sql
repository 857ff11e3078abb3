ALTER TABLE "embedded_social_attempts" ADD COLUMN "session_hash" text;--> statement-breakpoint
ALTER TABLE "embedded_social_attempts" ADD COLUMN "expected_subject" text;