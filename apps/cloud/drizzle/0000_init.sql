CREATE TABLE "analytics_events" (
	"project_id" text NOT NULL,
	"event_id" text NOT NULL,
	"url" text NOT NULL,
	"domain" text NOT NULL,
	"timestamp" bigint NOT NULL,
	"props" jsonb NOT NULL,
	"is_error" boolean NOT NULL,
	"client_key" text NOT NULL,
	"sdk_type" text,
	"sdk_version" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "analytics_events_project_id_event_id_pk" PRIMARY KEY("project_id","event_id")
);
--> statement-breakpoint
CREATE TABLE "images" (
	"kind" text NOT NULL,
	"id" text NOT NULL,
	"content_type" text NOT NULL,
	"body" "bytea" NOT NULL,
	"etag" text NOT NULL,
	CONSTRAINT "images_kind_id_pk" PRIMARY KEY("kind","id")
);
--> statement-breakpoint
CREATE TABLE "meta" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "projects" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"allowed_origins" text[] DEFAULT '{}' NOT NULL,
	"analytics_enabled" boolean DEFAULT true NOT NULL,
	"features" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallets" (
	"id" text PRIMARY KEY NOT NULL,
	"listing" jsonb NOT NULL,
	"name" text NOT NULL,
	"order" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "analytics_events" ADD CONSTRAINT "analytics_events_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analytics_errors_by_client" ON "analytics_events" USING btree ("client_key","received_at");