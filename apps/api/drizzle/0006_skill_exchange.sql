CREATE TABLE "skill_aliases" (
	"alias_key" text PRIMARY KEY NOT NULL,
	"skill_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "skill_requests" (
	"id" uuid PRIMARY KEY NOT NULL,
	"sender_id" uuid NOT NULL,
	"recipient_id" uuid NOT NULL,
	"skill_id" uuid NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"sender_phone" text,
	"recipient_phone" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"responded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "skill_requests_status_check" CHECK ("skill_requests"."status" IN ('pending', 'accepted', 'declined', 'cancelled')),
	CONSTRAINT "skill_requests_not_self_check" CHECK ("skill_requests"."sender_id" <> "skill_requests"."recipient_id")
);
--> statement-breakpoint
CREATE TABLE "skills" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"name_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_skills" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"skill_id" uuid NOT NULL,
	"type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_skills_user_skill_type_unique" UNIQUE("user_id","skill_id","type"),
	CONSTRAINT "user_skills_type_check" CHECK ("user_skills"."type" IN ('teach', 'learn'))
);
--> statement-breakpoint
ALTER TABLE "skill_aliases" ADD CONSTRAINT "skill_aliases_skill_id_skills_id_fk" FOREIGN KEY ("skill_id") REFERENCES "public"."skills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skill_requests" ADD CONSTRAINT "skill_requests_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skill_requests" ADD CONSTRAINT "skill_requests_recipient_id_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skill_requests" ADD CONSTRAINT "skill_requests_skill_id_skills_id_fk" FOREIGN KEY ("skill_id") REFERENCES "public"."skills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_skills" ADD CONSTRAINT "user_skills_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_skills" ADD CONSTRAINT "user_skills_skill_id_skills_id_fk" FOREIGN KEY ("skill_id") REFERENCES "public"."skills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "skill_requests_pending_uq" ON "skill_requests" USING btree ("sender_id","recipient_id","skill_id") WHERE "skill_requests"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "skill_requests_recipient_created_idx" ON "skill_requests" USING btree ("recipient_id","created_at");--> statement-breakpoint
CREATE INDEX "skill_requests_sender_created_idx" ON "skill_requests" USING btree ("sender_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "skills_name_key_uq" ON "skills" USING btree ("name_key");--> statement-breakpoint
CREATE INDEX "user_skills_skill_type_idx" ON "user_skills" USING btree ("skill_id","type");