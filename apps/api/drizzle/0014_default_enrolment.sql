-- Default enrolment (issue 25 item 3): when the first profile save of a branch and semester
-- enrolled the student in the catalogue's subjects of both; set once, so it never happens again.
ALTER TABLE "users" ADD COLUMN "default_enrolled_at" timestamp with time zone;
