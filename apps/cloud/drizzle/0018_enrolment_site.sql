-- New-device approval names the project and the site the new device signed in on: a waiting request (15 minutes at
-- most) from before has neither, and its device simply asks again.
DELETE FROM "embedded_enrolment_requests";--> statement-breakpoint
ALTER TABLE "embedded_enrolment_requests" ADD COLUMN "project_id" text NOT NULL;--> statement-breakpoint
ALTER TABLE "embedded_enrolment_requests" ADD COLUMN "site" text;
