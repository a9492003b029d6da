CREATE TABLE "mess_audit" (
	"id" uuid PRIMARY KEY NOT NULL,
	"mess_id" uuid,
	"user_id" uuid,
	"action" text NOT NULL,
	"detail" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mess_choices" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"mess_id" uuid NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mess_days" (
	"mess_id" uuid NOT NULL,
	"date" date NOT NULL,
	"closed" boolean DEFAULT false NOT NULL,
	"note" text,
	"meals" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mess_days_pk" PRIMARY KEY("mess_id","date")
);
--> statement-breakpoint
CREATE TABLE "mess_dish_days" (
	"mess_id" uuid NOT NULL,
	"dish" text NOT NULL,
	"date" date NOT NULL,
	"stars_sum" integer NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "mess_dish_days_pk" PRIMARY KEY("mess_id","dish","date")
);
--> statement-breakpoint
CREATE TABLE "mess_managers" (
	"mess_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mess_managers_pk" PRIMARY KEY("mess_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "mess_meal_days" (
	"mess_id" uuid NOT NULL,
	"date" date NOT NULL,
	"meal" text NOT NULL,
	"stars_sum" integer NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "mess_meal_days_pk" PRIMARY KEY("mess_id","date","meal")
);
--> statement-breakpoint
CREATE TABLE "mess_menus" (
	"id" uuid PRIMARY KEY NOT NULL,
	"mess_id" uuid NOT NULL,
	"valid_from" date NOT NULL,
	"week" jsonb NOT NULL,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mess_ratings" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"mess_id" uuid NOT NULL,
	"date" date NOT NULL,
	"meal" text NOT NULL,
	"stars" smallint NOT NULL,
	"comment" text,
	"dishes" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mess_ratings_stars_check" CHECK ("mess_ratings"."stars" BETWEEN 1 AND 5)
);
--> statement-breakpoint
CREATE TABLE "messes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"hostels" jsonb NOT NULL,
	"meals" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mess_audit" ADD CONSTRAINT "mess_audit_mess_id_messes_id_fk" FOREIGN KEY ("mess_id") REFERENCES "public"."messes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mess_audit" ADD CONSTRAINT "mess_audit_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mess_choices" ADD CONSTRAINT "mess_choices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mess_choices" ADD CONSTRAINT "mess_choices_mess_id_messes_id_fk" FOREIGN KEY ("mess_id") REFERENCES "public"."messes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mess_days" ADD CONSTRAINT "mess_days_mess_id_messes_id_fk" FOREIGN KEY ("mess_id") REFERENCES "public"."messes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mess_dish_days" ADD CONSTRAINT "mess_dish_days_mess_id_messes_id_fk" FOREIGN KEY ("mess_id") REFERENCES "public"."messes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mess_managers" ADD CONSTRAINT "mess_managers_mess_id_messes_id_fk" FOREIGN KEY ("mess_id") REFERENCES "public"."messes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mess_managers" ADD CONSTRAINT "mess_managers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mess_meal_days" ADD CONSTRAINT "mess_meal_days_mess_id_messes_id_fk" FOREIGN KEY ("mess_id") REFERENCES "public"."messes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mess_menus" ADD CONSTRAINT "mess_menus_mess_id_messes_id_fk" FOREIGN KEY ("mess_id") REFERENCES "public"."messes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mess_menus" ADD CONSTRAINT "mess_menus_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mess_ratings" ADD CONSTRAINT "mess_ratings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mess_ratings" ADD CONSTRAINT "mess_ratings_mess_id_messes_id_fk" FOREIGN KEY ("mess_id") REFERENCES "public"."messes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mess_audit_mess_created_idx" ON "mess_audit" USING btree ("mess_id","created_at");--> statement-breakpoint
CREATE INDEX "mess_managers_user_idx" ON "mess_managers" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mess_menus_mess_valid_from_uq" ON "mess_menus" USING btree ("mess_id","valid_from");--> statement-breakpoint
CREATE UNIQUE INDEX "mess_ratings_user_mess_date_meal_uq" ON "mess_ratings" USING btree ("user_id","mess_id","date","meal");--> statement-breakpoint
CREATE INDEX "mess_ratings_comments_idx" ON "mess_ratings" USING btree ("mess_id","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "mess_ratings"."comment" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "messes_name_uq" ON "messes" USING btree ("name");