CREATE TABLE "internship_searches" (
	"key" text PRIMARY KEY NOT NULL,
	"results" jsonb NOT NULL,
	"source" text NOT NULL,
	"complete" boolean NOT NULL,
	"fetched_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "internship_searches_fetched_at_idx" ON "internship_searches" USING btree ("fetched_at");