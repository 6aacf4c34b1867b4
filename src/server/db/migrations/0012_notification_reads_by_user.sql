-- One user's notifications are read in seq order on every page (the newest seq, counted with the
-- unread count), in the bell and in a stream's replay. Two things sent those reads elsewhere:
--  - notifications_user_seq_idx was built NULLS LAST, and `order by seq desc` is NULLS FIRST, so
--    no such query could read it in order;
--  - the planner, assuming a user's notifications are spread evenly, walked the b-tree on seq
--    backward instead, past every other user's newer notifications: 100,000 rows and 14 ms for a
--    busy user whose last notification is old.
-- seq stays unique, by an exclusion constraint on a hash index, which answers the lookup of one
-- seq (the live stream's delivery) and cannot be walked in order.
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_seq_unique" EXCLUDE USING hash ("seq" WITH =);--> statement-breakpoint
DROP INDEX "notifications_seq_key";--> statement-breakpoint
DROP INDEX "notifications_user_seq_idx";--> statement-breakpoint
CREATE INDEX "notifications_user_seq_idx" ON "notifications" USING btree ("user_id","seq" DESC NULLS FIRST);
