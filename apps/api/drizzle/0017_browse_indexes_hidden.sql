-- Issue 23 items 4–5: the marketplace browse indexes also carry hidden_at (INCLUDE). Issue 24 added
-- hidden_at to every browse filter after migration 0005 made these indexes covering, so the capped
-- count visited a heap row per match again (at 1M listings the filtered count's generic plan took
-- 133 ms; with hidden_at in the index it is an index-only scan of ~1 ms). Same names and keys as 0005;
-- drizzle's schema cannot express INCLUDE, so this migration is written by hand.
DROP INDEX IF EXISTS "marketplace_items_browse_created_idx";--> statement-breakpoint
CREATE INDEX "marketplace_items_browse_created_idx" ON "marketplace_items" USING btree ("created_at","id") INCLUDE ("expires_at","user_id","hidden_at") WHERE NOT "marketplace_items"."is_sold";--> statement-breakpoint
DROP INDEX IF EXISTS "marketplace_items_browse_category_created_idx";--> statement-breakpoint
CREATE INDEX "marketplace_items_browse_category_created_idx" ON "marketplace_items" USING btree ("category","created_at","id") INCLUDE ("expires_at","user_id","hidden_at") WHERE NOT "marketplace_items"."is_sold";--> statement-breakpoint
DROP INDEX IF EXISTS "marketplace_items_browse_price_idx";--> statement-breakpoint
CREATE INDEX "marketplace_items_browse_price_idx" ON "marketplace_items" USING btree ("price","created_at") INCLUDE ("expires_at","user_id","hidden_at") WHERE NOT "marketplace_items"."is_sold";--> statement-breakpoint
DROP INDEX IF EXISTS "marketplace_items_browse_category_price_idx";--> statement-breakpoint
CREATE INDEX "marketplace_items_browse_category_price_idx" ON "marketplace_items" USING btree ("category","price","created_at") INCLUDE ("expires_at","user_id","hidden_at") WHERE NOT "marketplace_items"."is_sold";
