CREATE TABLE "embedded_codes" (
	"email" text NOT NULL,
	"purpose" text NOT NULL,
	"subject" text NOT NULL,
	"payload" text,
	"code_hash" text NOT NULL,
	"sent_at" bigint NOT NULL,
	"expires_at" bigint NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"used" boolean DEFAULT false NOT NULL,
	CONSTRAINT "embedded_codes_email_purpose_pk" PRIMARY KEY("email","purpose")
);
--> statement-breakpoint
CREATE TABLE "embedded_device_approvals" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"device_id" text NOT NULL,
	"sent_at" bigint NOT NULL,
	"expires_at" bigint NOT NULL,
	"approved_at" bigint,
	"code_sent" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "embedded_devices" (
	"user_id" text NOT NULL,
	"device_id" text NOT NULL,
	"known_at" bigint NOT NULL,
	CONSTRAINT "embedded_devices_user_id_device_id_pk" PRIMARY KEY("user_id","device_id")
);
--> statement-breakpoint
CREATE TABLE "embedded_sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"device_id" text NOT NULL,
	"expires_at" bigint NOT NULL,
	"fresh_until" bigint
);
--> statement-breakpoint
CREATE TABLE "embedded_users" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"address" text,
	"auth_share" text,
	"recovery_share" "bytea",
	"created_at" bigint NOT NULL,
	CONSTRAINT "embedded_users_email_unique" UNIQUE("email")
);
--> statement-breakpoint
ALTER TABLE "embedded_device_approvals" ADD CONSTRAINT "embedded_device_approvals_user_id_embedded_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."embedded_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "embedded_devices" ADD CONSTRAINT "embedded_devices_user_id_embedded_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."embedded_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "embedded_sessions" ADD CONSTRAINT "embedded_sessions_user_id_embedded_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."embedded_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "embedded_codes_by_expiry" ON "embedded_codes" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "embedded_approvals_by_device" ON "embedded_device_approvals" USING btree ("user_id","device_id");--> statement-breakpoint
CREATE INDEX "embedded_sessions_by_expiry" ON "embedded_sessions" USING btree ("expires_at");