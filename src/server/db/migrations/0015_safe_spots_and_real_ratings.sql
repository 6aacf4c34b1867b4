-- Issue 23: the campus's first safe spots (admins edit the list at /admin/safe-spots).
INSERT INTO "safe_spots" ("name") VALUES ('Library entrance'), ('Main gate security desk'), ('Student centre café');
--> statement-breakpoint
-- A listing's rating is now its seller's, from real reviews; none exist yet, so the numbers
-- nobody could change (demo data) go back to none.
UPDATE "products" SET "rating" = 0, "num_reviews" = 0 WHERE "rating" <> 0 OR "num_reviews" <> 0;
