CREATE TABLE "embedded_identities" (
	"provider" text NOT NULL,
	"subject" text NOT NULL,
	"user_id" text NOT NULL,
	"username" text NOT NULL,
	"created_at" bigint NOT NULL,
	CONSTRAINT "embedded_identities_provider_subject_pk" PRIMARY KEY("provider","subject"),
	CONSTRAINT "embedded_identities_user_id_unique" UNIQUE("user_id")
);
--> statement-breakpoint
CREATE TABLE "embedded_social_attempts" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"secret_hash" text NOT NULL,
	"provider" text NOT NULL,
	"device_id" text NOT NULL,
	"code_verifier" text NOT NULL,
	"nonce" text NOT NULL,
	"expires_at" bigint NOT NULL,
	"subject" text,
	"username" text,
	"called_back_at" bigint,
	"failure" text,
	"collected_at" bigint,
	CONSTRAINT "embedded_social_attempts_secret_hash_unique" UNIQUE("secret_hash")
);
--> statement-breakpoint
ALTER TABLE "embedded_users" ALTER COLUMN "email" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "embedded_identities" ADD CONSTRAINT "embedded_identities_user_id_embedded_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."embedded_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "embedded_social_attempts_by_expiry" ON "embedded_social_attempts" USING btree ("expires_at");