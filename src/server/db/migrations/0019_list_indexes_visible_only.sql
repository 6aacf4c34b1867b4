-- The list's sort indexes hold only the listings browsing shows (NOT hidden): a page's ids come
-- from the index alone (an index-only scan), where a walk of the whole index visited every hidden
-- row it skipped (Oldest on 100k listings, most of the oldest expired: 76 ms a page, 1 ms now).
-- The full newest index stays for an admin's My Listings, which shows hidden listings too.
DROP INDEX "products_oldest_idx";--> statement-breakpoint
DROP INDEX "products_category_newest_idx";--> statement-breakpoint
DROP INDEX "products_category_oldest_idx";--> statement-breakpoint
DROP INDEX "products_price_low_idx";--> statement-breakpoint
DROP INDEX "products_price_high_idx";--> statement-breakpoint
DROP INDEX "products_category_price_low_idx";--> statement-breakpoint
DROP INDEX "products_category_price_high_idx";--> statement-breakpoint
DROP INDEX "products_rating_idx";--> statement-breakpoint
CREATE INDEX "products_visible_newest_idx" ON "products" USING btree ("unreserved" DESC NULLS LAST,"renewed_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE not "products"."hidden";--> statement-breakpoint
CREATE INDEX "products_visible_oldest_idx" ON "products" USING btree ("reserved" DESC NULLS LAST,"renewed_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE not "products"."hidden";--> statement-breakpoint
CREATE INDEX "products_visible_category_newest_idx" ON "products" USING btree ("category","unreserved" DESC NULLS LAST,"renewed_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE not "products"."hidden";--> statement-breakpoint
CREATE INDEX "products_visible_category_oldest_idx" ON "products" USING btree ("category","reserved" DESC NULLS LAST,"renewed_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE not "products"."hidden";--> statement-breakpoint
CREATE INDEX "products_visible_price_low_idx" ON "products" USING btree ("reserved","price","id") WHERE not "products"."hidden";--> statement-breakpoint
CREATE INDEX "products_visible_price_high_idx" ON "products" USING btree ("unreserved","price","id") WHERE not "products"."hidden";--> statement-breakpoint
CREATE INDEX "products_visible_category_price_low_idx" ON "products" USING btree ("category","reserved","price","id") WHERE not "products"."hidden";--> statement-breakpoint
CREATE INDEX "products_visible_category_price_high_idx" ON "products" USING btree ("category","unreserved","price","id") WHERE not "products"."hidden";--> statement-breakpoint
CREATE INDEX "products_visible_rating_idx" ON "products" USING btree ("unreserved" DESC NULLS LAST,"rating" DESC NULLS LAST,"renewed_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE not "products"."hidden";