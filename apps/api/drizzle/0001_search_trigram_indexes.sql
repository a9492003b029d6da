-- Trigram indexes for the case-insensitive ILIKE search of marketplace and lost-and-found lists.
-- pg_trgm ships with PostgreSQL (contrib) and PGlite; it is a trusted extension since PostgreSQL 13.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "lost_found_items_name_trgm_idx" ON "lost_found_items" USING gin ("item_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "lost_found_items_description_trgm_idx" ON "lost_found_items" USING gin ("description" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "lost_found_items_location_trgm_idx" ON "lost_found_items" USING gin ("location_found" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "marketplace_items_name_trgm_idx" ON "marketplace_items" USING gin ("item_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "marketplace_items_description_trgm_idx" ON "marketplace_items" USING gin ("description" gin_trgm_ops);