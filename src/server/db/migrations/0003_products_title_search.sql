-- Search matches lower(title) with LIKE instead of title with ILIKE: EXPLAIN at 100,000 listings showed
-- ILIKE's per-row case folding dominating both the page and the count of a search (docs/PERFORMANCE.md).
DROP INDEX "products_title_trgm_idx";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "title_search" text GENERATED ALWAYS AS (lower(title)) STORED;--> statement-breakpoint
CREATE INDEX "products_title_search_trgm_idx" ON "products" USING gin ("title_search" gin_trgm_ops);