CREATE TABLE "ride_participants" (
	"id" uuid PRIMARY KEY NOT NULL,
	"ride_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ride_participants_ride_user_unique" UNIQUE("ride_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "rides" (
	"id" uuid PRIMARY KEY NOT NULL,
	"creator_id" uuid NOT NULL,
	"pickup_location" text NOT NULL,
	"drop_location" text NOT NULL,
	"departure_at" timestamp with time zone NOT NULL,
	"total_seats" integer NOT NULL,
	"available_seats" integer NOT NULL,
	"estimated_cost" integer,
	"description" text DEFAULT '' NOT NULL,
	"phone_number" text NOT NULL,
	"direction" text DEFAULT 'other' NOT NULL,
	"image_file_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rides_seats_check" CHECK ("rides"."available_seats" >= 0 AND "rides"."available_seats" <= "rides"."total_seats")
);
--> statement-breakpoint
ALTER TABLE "ride_participants" ADD CONSTRAINT "ride_participants_ride_id_rides_id_fk" FOREIGN KEY ("ride_id") REFERENCES "public"."rides"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ride_participants" ADD CONSTRAINT "ride_participants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rides" ADD CONSTRAINT "rides_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rides" ADD CONSTRAINT "rides_image_file_id_files_id_fk" FOREIGN KEY ("image_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ride_participants_user_idx" ON "ride_participants" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "rides_departure_idx" ON "rides" USING btree ("departure_at","id");--> statement-breakpoint
CREATE INDEX "rides_direction_departure_idx" ON "rides" USING btree ("direction","departure_at");--> statement-breakpoint
CREATE INDEX "rides_cost_departure_idx" ON "rides" USING btree ("estimated_cost","departure_at");--> statement-breakpoint
CREATE INDEX "rides_seats_departure_idx" ON "rides" USING btree ("available_seats","departure_at");--> statement-breakpoint
CREATE INDEX "rides_creator_departure_idx" ON "rides" USING btree ("creator_id","departure_at");--> statement-breakpoint
CREATE INDEX "rides_pickup_trgm_idx" ON "rides" USING gin ("pickup_location" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "rides_drop_trgm_idx" ON "rides" USING gin ("drop_location" gin_trgm_ops);