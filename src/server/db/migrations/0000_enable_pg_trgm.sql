-- The trigram index on product titles (next migration) needs this extension, and drizzle-kit never writes CREATE EXTENSION itself.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
