-- Integer subject ids (issue 25 item 2): the catalogue gets an integer identity id; every
-- enrollment and attendance record stays attached to the same subject. Steps, in one transaction:
-- 1. number the subjects 1…n in a stable order (created_at, then the old UUIDv7 id: the seeded
--    catalogue keeps its file order) into a new column;
-- 2. repoint enrollments.subject_id and attendance_records.subject_id (the only tables that
--    reference subjects) through the old id into new columns;
-- 3. drop the constraints and indexes on the old columns, swap the columns and the primary key,
--    dropping each old uuid column only once everything that pointed at it is repointed;
-- 4. recreate the constraints and indexes, and make the id an identity that continues after n.
ALTER TABLE "subjects" ADD COLUMN "int_id" integer;--> statement-breakpoint
UPDATE "subjects" AS s SET "int_id" = o.n
FROM (SELECT "id", row_number() OVER (ORDER BY "created_at", "id") AS n FROM "subjects") AS o
WHERE s."id" = o."id";--> statement-breakpoint
ALTER TABLE "subjects" ALTER COLUMN "int_id" SET NOT NULL;--> statement-breakpoint

ALTER TABLE "enrollments" ADD COLUMN "int_subject_id" integer;--> statement-breakpoint
UPDATE "enrollments" AS e SET "int_subject_id" = s."int_id" FROM "subjects" AS s WHERE e."subject_id" = s."id";--> statement-breakpoint
ALTER TABLE "enrollments" ALTER COLUMN "int_subject_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "attendance_records" ADD COLUMN "int_subject_id" integer;--> statement-breakpoint
UPDATE "attendance_records" AS r SET "int_subject_id" = s."int_id" FROM "subjects" AS s WHERE r."subject_id" = s."id";--> statement-breakpoint
ALTER TABLE "attendance_records" ALTER COLUMN "int_subject_id" SET NOT NULL;--> statement-breakpoint

ALTER TABLE "attendance_records" DROP CONSTRAINT "attendance_records_enrollment_fk";--> statement-breakpoint
ALTER TABLE "enrollments" DROP CONSTRAINT "enrollments_subject_id_subjects_id_fk";--> statement-breakpoint
ALTER TABLE "enrollments" DROP CONSTRAINT "enrollments_user_subject_unique";--> statement-breakpoint
DROP INDEX "enrollments_subject_idx";--> statement-breakpoint
DROP INDEX "attendance_records_user_subject_status_idx";--> statement-breakpoint
DROP INDEX "attendance_records_user_subject_date_idx";--> statement-breakpoint

ALTER TABLE "attendance_records" DROP COLUMN "subject_id";--> statement-breakpoint
ALTER TABLE "attendance_records" RENAME COLUMN "int_subject_id" TO "subject_id";--> statement-breakpoint
ALTER TABLE "enrollments" DROP COLUMN "subject_id";--> statement-breakpoint
ALTER TABLE "enrollments" RENAME COLUMN "int_subject_id" TO "subject_id";--> statement-breakpoint
ALTER TABLE "subjects" DROP CONSTRAINT "subjects_pkey";--> statement-breakpoint
ALTER TABLE "subjects" DROP COLUMN "id";--> statement-breakpoint
ALTER TABLE "subjects" RENAME COLUMN "int_id" TO "id";--> statement-breakpoint
ALTER TABLE "subjects" ADD PRIMARY KEY ("id");--> statement-breakpoint
ALTER TABLE "subjects" ALTER COLUMN "id" ADD GENERATED ALWAYS AS IDENTITY (sequence name "subjects_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1);--> statement-breakpoint
SELECT setval('"subjects_id_seq"', (SELECT coalesce(max("id"), 0) + 1 FROM "subjects"), false);--> statement-breakpoint

ALTER TABLE "enrollments" ADD CONSTRAINT "enrollments_user_subject_unique" UNIQUE ("user_id", "subject_id");--> statement-breakpoint
ALTER TABLE "enrollments" ADD CONSTRAINT "enrollments_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_records" ADD CONSTRAINT "attendance_records_enrollment_fk" FOREIGN KEY ("user_id", "subject_id") REFERENCES "public"."enrollments"("user_id", "subject_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "enrollments_subject_idx" ON "enrollments" USING btree ("subject_id");--> statement-breakpoint
CREATE INDEX "attendance_records_user_subject_status_idx" ON "attendance_records" USING btree ("user_id", "subject_id", "status");--> statement-breakpoint
CREATE INDEX "attendance_records_user_subject_date_idx" ON "attendance_records" USING btree ("user_id", "subject_id", "date", "marked_at");
