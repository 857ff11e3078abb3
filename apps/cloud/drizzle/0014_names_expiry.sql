-- Names expire a year after their registration (renewed by the owner's re-registration); names from before get
-- their year from their registration. The client address is kept for the per-client day cap.
ALTER TABLE "names" ADD COLUMN "expires_at" bigint;--> statement-breakpoint
UPDATE "names" SET "expires_at" = "registered_at" + 31536000;--> statement-breakpoint
ALTER TABLE "names" ALTER COLUMN "expires_at" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "names" ADD COLUMN "client" text;--> statement-breakpoint
CREATE INDEX "names_by_client" ON "names" USING btree ("client","registered_at");--> statement-breakpoint
CREATE INDEX "names_by_registration" ON "names" USING btree ("registered_at");
