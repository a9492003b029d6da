-- Campus-wide search (issue 24): a full-text document per searched table, generated and kept by the
-- database from the fields search reads (`simple` configuration: no stemming, no stop words, so
-- Indian names and places stay as typed; the name weighs most), with GIN indexes; trigram indexes
-- for the fields that had none (a ride's description, a skill's name) so typos and prefixes are
-- found by index too. Written by hand (drizzle-kit generate --custom); the schema files declare the
-- same columns and indexes.
ALTER TABLE "marketplace_items" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (setweight(to_tsvector('simple'::regconfig, "item_name"), 'A') || setweight(to_tsvector('simple'::regconfig, "description"), 'B')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "lost_found_items" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (setweight(to_tsvector('simple'::regconfig, "item_name"), 'A') || setweight(to_tsvector('simple'::regconfig, coalesce("description", '') || ' ' || "location_found"), 'B')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "rides" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (setweight(to_tsvector('simple'::regconfig, "pickup_location" || ' ' || "drop_location"), 'A') || setweight(to_tsvector('simple'::regconfig, "description"), 'B')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "skills" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, "name")) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "marketplace_items_search_idx" ON "marketplace_items" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "lost_found_items_search_idx" ON "lost_found_items" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "rides_search_idx" ON "rides" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "rides_description_trgm_idx" ON "rides" USING gin ("description" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "skills_search_idx" ON "skills" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "skills_name_trgm_idx" ON "skills" USING gin ("name" gin_trgm_ops);
