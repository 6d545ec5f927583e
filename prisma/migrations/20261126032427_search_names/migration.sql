-- The search over leagues, groups, clubs, teams and players (GraphQL `search`, src/domain/search.ts)
-- matches parts of team and player names regardless of case and accents, as the club search does.
-- PostgreSQL keeps the folded names (generated columns, so the importer and every other write path
-- stay right), and trigram indexes serve `LIKE '%…%'` on them. The fold equals foldName() in
-- src/domain/search-text.ts and the club column of migration `club_search_name`.
-- A player's name is folded as `firstName lastName`.

-- AlterTable
ALTER TABLE "Player" ADD COLUMN "searchName" TEXT NOT NULL
  GENERATED ALWAYS AS (lower(regexp_replace(normalize("firstName" || ' ' || "lastName", NFKD), '[\u0300-\u036f]', '', 'g'))) STORED;

-- AlterTable
ALTER TABLE "Team" ADD COLUMN "searchName" TEXT NOT NULL
  GENERATED ALWAYS AS (lower(regexp_replace(normalize("name", NFKD), '[\u0300-\u036f]', '', 'g'))) STORED;

-- CreateIndex
CREATE INDEX "Player_searchName_idx" ON "Player" USING GIN ("searchName" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "Team_searchName_idx" ON "Team" USING GIN ("searchName" gin_trgm_ops);
