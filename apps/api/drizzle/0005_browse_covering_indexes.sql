-- Issue 10: the marketplace browse indexes carry expires_at and user_id (INCLUDE), so the browse
-- count and the expiry / deactivated-owner filters are answered from the index alone (index-only
-- scans) instead of visiting every matching row. Same names and key columns as before; drizzle's
-- schema cannot express INCLUDE, so this migration is written by hand.
DROP INDEX IF EXISTS "marketplace_items_browse_created_idx";--> statement-breakpoint
CREATE INDEX "marketplace_items_browse_created_idx" ON "marketplace_items" USING btree ("created_at","id") INCLUDE ("expires_at","user_id") WHERE NOT "marketplace_items"."is_sold";--> statement-breakpoint
DROP INDEX IF EXISTS "marketplace_items_browse_category_created_idx";--> statement-breakpoint
CREATE INDEX "marketplace_items_browse_category_created_idx" ON "marketplace_items" USING btree ("category","created_at","id") INCLUDE ("expires_at","user_id") WHERE NOT "marketplace_items"."is_sold";--> statement-breakpoint
DROP INDEX IF EXISTS "marketplace_items_browse_price_idx";--> statement-breakpoint
CREATE INDEX "marketplace_items_browse_price_idx" ON "marketplace_items" USING btree ("price","created_at") INCLUDE ("expires_at","user_id") WHERE NOT "marketplace_items"."is_sold";--> statement-breakpoint
DROP INDEX IF EXISTS "marketplace_items_browse_category_price_idx";--> statement-breakpoint
CREATE INDEX "marketplace_items_browse_category_price_idx" ON "marketplace_items" USING btree ("category","price","created_at") INCLUDE ("expires_at","user_id") WHERE NOT "marketplace_items"."is_sold";
