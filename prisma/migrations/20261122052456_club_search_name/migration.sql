-- The legacy club search matches a part of the name regardless of case and accents ("grunau" finds
-- "Grünau"). PostgreSQL keeps the folded name itself (a generated column, so the importer and every
-- other write path stay right), and a trigram index serves `LIKE '%…%'` on it.
-- The fold equals foldName() in src/domain/search-text.ts: NFKD, combining marks removed, lower case.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- AlterTable
ALTER TABLE "Club" ADD COLUMN "searchName" TEXT NOT NULL
  GENERATED ALWAYS AS (lower(regexp_replace(normalize("name", NFKD), '[\u0300-\u036f]', '', 'g'))) STORED;

-- CreateIndex
CREATE INDEX "Club_searchName_idx" ON "Club" USING GIN ("searchName" gin_trgm_ops);
