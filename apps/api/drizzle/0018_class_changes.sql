-- A student's changes to their week (docs/attendance-outlook.md): extra classes and cancelled ones.
CREATE TABLE "class_changes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"subject_id" integer NOT NULL,
	"date" date NOT NULL,
	"kind" text NOT NULL,
	"starts_at" text NOT NULL,
	"ends_at" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "class_changes_kind_check" CHECK ("class_changes"."kind" IN ('extra', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "class_changes" ADD CONSTRAINT "class_changes_enrollment_fk" FOREIGN KEY ("user_id","subject_id") REFERENCES "public"."enrollments"("user_id","subject_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "class_changes_user_subject_date_start_uq" ON "class_changes" USING btree ("user_id","subject_id","date","starts_at");--> statement-breakpoint
CREATE INDEX "class_changes_user_date_idx" ON "class_changes" USING btree ("user_id","date");