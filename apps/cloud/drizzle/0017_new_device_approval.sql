-- New-device approval (docs/embedded-wallet.md#new-device-approval): the device keys that hold a share, the new
-- devices waiting for an approval, and when an e-mail last changed.
CREATE TABLE "embedded_enrolled_devices" (
	"user_id" text NOT NULL,
	"device_key" text NOT NULL,
	"enrolled_at" bigint NOT NULL,
	CONSTRAINT "embedded_enrolled_devices_user_id_device_key_pk" PRIMARY KEY("user_id","device_key")
);
--> statement-breakpoint
CREATE TABLE "embedded_enrolment_requests" (
	"id" text PRIMARY KEY NOT NULL,
	"session_hash" text NOT NULL,
	"user_id" text NOT NULL,
	"user_agent" text,
	"client_address" text,
	"asked_at" bigint NOT NULL,
	"expires_at" bigint NOT NULL,
	"recover_at" bigint,
	CONSTRAINT "embedded_enrolment_requests_session_hash_unique" UNIQUE("session_hash")
);
--> statement-breakpoint
ALTER TABLE "embedded_users" ADD COLUMN "email_changed_at" bigint;--> statement-breakpoint
ALTER TABLE "embedded_enrolled_devices" ADD CONSTRAINT "embedded_enrolled_devices_user_id_embedded_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."embedded_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "embedded_enrolment_requests" ADD CONSTRAINT "embedded_enrolment_requests_session_hash_embedded_sessions_token_hash_fk" FOREIGN KEY ("session_hash") REFERENCES "public"."embedded_sessions"("token_hash") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "embedded_enrolment_requests" ADD CONSTRAINT "embedded_enrolment_requests_user_id_embedded_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."embedded_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "embedded_enrolment_requests_by_user" ON "embedded_enrolment_requests" USING btree ("user_id");--> statement-breakpoint
-- Every live session's device of a user with a wallet could rebuild its key before this: those keys hold a share.
INSERT INTO "embedded_enrolled_devices" ("user_id", "device_key", "enrolled_at")
SELECT DISTINCT s."user_id", s."device_key", (extract(epoch from now()) * 1000)::bigint FROM "embedded_sessions" s
JOIN "embedded_users" u ON u."id" = s."user_id" WHERE u."address" IS NOT NULL
ON CONFLICT DO NOTHING;