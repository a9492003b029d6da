CREATE TABLE "signup_attempts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"password_hash" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "signup_attempts" ADD CONSTRAINT "signup_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "signup_attempts_token_hash_uq" ON "signup_attempts" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "signup_attempts_user_idx" ON "signup_attempts" USING btree ("user_id");--> statement-breakpoint
-- Links already mailed to unverified accounts keep working: each becomes a sign-up attempt with the
-- password the account holds now (user_tokens rows are kept as they are).
INSERT INTO "signup_attempts" ("id", "user_id", "password_hash", "token_hash", "expires_at", "used_at", "created_at")
SELECT t."id", t."user_id", u."password_hash", t."token_hash", t."expires_at", t."used_at", t."created_at"
FROM "user_tokens" t JOIN "users" u ON u."id" = t."user_id"
WHERE t."purpose" = 'verify' AND u."email_verified_at" IS NULL AND t."used_at" IS NULL;
