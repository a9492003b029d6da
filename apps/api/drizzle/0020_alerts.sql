CREATE TABLE "alert_digests" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alert_matches" (
	"alert_id" uuid NOT NULL,
	"record_id" uuid NOT NULL,
	"notification_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"digested_at" timestamp with time zone,
	CONSTRAINT "alert_matches_alert_id_record_id_pk" PRIMARY KEY("alert_id","record_id")
);
--> statement-breakpoint
CREATE TABLE "alert_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"record_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alerts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"filters" jsonb NOT NULL,
	"words" text[] DEFAULT '{}'::text[] NOT NULL,
	"category" text,
	"min_price" integer,
	"max_price" integer,
	"departs_from" timestamp with time zone,
	"departs_before" timestamp with time zone,
	"direction" text,
	"min_seats" integer,
	"is_found" boolean,
	"paused_at" timestamp with time zone,
	"email_digest" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lost_found_matches" (
	"lost_id" uuid NOT NULL,
	"found_id" uuid NOT NULL,
	"score" real NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lost_found_matches_lost_id_found_id_pk" PRIMARY KEY("lost_id","found_id")
);
--> statement-breakpoint
ALTER TABLE "alert_digests" ADD CONSTRAINT "alert_digests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_matches" ADD CONSTRAINT "alert_matches_alert_id_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_matches" ADD CONSTRAINT "alert_matches_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lost_found_matches" ADD CONSTRAINT "lost_found_matches_lost_id_lost_found_items_id_fk" FOREIGN KEY ("lost_id") REFERENCES "public"."lost_found_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lost_found_matches" ADD CONSTRAINT "lost_found_matches_found_id_lost_found_items_id_fk" FOREIGN KEY ("found_id") REFERENCES "public"."lost_found_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_matches_alert_created_idx" ON "alert_matches" USING btree ("alert_id","created_at");--> statement-breakpoint
CREATE INDEX "alert_matches_undigested_idx" ON "alert_matches" USING btree ("created_at") WHERE "alert_matches"."digested_at" IS NULL;--> statement-breakpoint
CREATE INDEX "alerts_user_created_idx" ON "alerts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "alerts_words_idx" ON "alerts" USING gin ("words") WHERE "alerts"."paused_at" IS NULL;--> statement-breakpoint
CREATE INDEX "alerts_wordless_idx" ON "alerts" USING btree ("kind","category") WHERE "alerts"."paused_at" IS NULL AND "alerts"."words" = '{}'::text[];--> statement-breakpoint
CREATE INDEX "lost_found_matches_found_idx" ON "lost_found_matches" USING btree ("found_id");