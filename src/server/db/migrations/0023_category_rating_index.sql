-- A category by Rating (alone, or one branch of several categories) reads its own index: the
-- category carried in products_visible_rating_idx still walked past the other categories' rows.
CREATE INDEX "products_visible_category_rating_idx" ON "products" USING btree ("category","unreserved" DESC NULLS LAST,"rating" DESC NULLS LAST,"renewed_at" DESC NULLS LAST,"id" DESC NULLS LAST,"price","condition") WHERE not "products"."hidden";
