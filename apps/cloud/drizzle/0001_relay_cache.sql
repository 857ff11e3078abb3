CREATE TABLE "relay_acks" (
	"message_id" bigint NOT NULL,
	"client_id" text NOT NULL,
	CONSTRAINT "relay_acks_message_id_client_id_pk" PRIMARY KEY("message_id","client_id")
);
--> statement-breakpoint
CREATE TABLE "relay_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"topic" text NOT NULL,
	"message" text NOT NULL,
	"tag" integer NOT NULL,
	"sender" text NOT NULL,
	"published_at" bigint NOT NULL,
	"expires_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "relay_acks" ADD CONSTRAINT "relay_acks_message_id_relay_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."relay_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "relay_messages_by_topic" ON "relay_messages" USING btree ("topic","id");--> statement-breakpoint
CREATE INDEX "relay_messages_by_expiry" ON "relay_messages" USING btree ("expires_at");