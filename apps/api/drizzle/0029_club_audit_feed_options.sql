CREATE TABLE "club_audit" (
	"id" uuid PRIMARY KEY NOT NULL,
	"admin_id" uuid,
	"action" text NOT NULL,
	"subject" text NOT NULL,
	"detail" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD COLUMN "include_classes" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD COLUMN "include_rides" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "club_audit" ADD CONSTRAINT "club_audit_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "club_audit_created_idx" ON "club_audit" USING btree ("created_at");