CREATE TABLE "mess_notices" (
	"id" uuid PRIMARY KEY NOT NULL,
	"mess_id" uuid NOT NULL,
	"date" date NOT NULL,
	"text" text NOT NULL,
	"posted_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mess_notices" ADD CONSTRAINT "mess_notices_mess_id_messes_id_fk" FOREIGN KEY ("mess_id") REFERENCES "public"."messes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mess_notices" ADD CONSTRAINT "mess_notices_posted_by_users_id_fk" FOREIGN KEY ("posted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mess_notices_mess_date_idx" ON "mess_notices" USING btree ("mess_id","date");--> statement-breakpoint
CREATE INDEX "mess_notices_posted_by_idx" ON "mess_notices" USING btree ("posted_by");