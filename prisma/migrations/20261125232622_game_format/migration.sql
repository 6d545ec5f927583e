-- AlterTable
ALTER TABLE "LeagueGroup" ADD COLUMN     "drawAllowed" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "forfeitGoals" INTEGER NOT NULL DEFAULT 5,
ADD COLUMN     "overtimeMinutes" INTEGER NOT NULL DEFAULT 10,
ADD COLUMN     "penaltyShootout" BOOLEAN NOT NULL DEFAULT true,
ADD COLUMN     "periodMinutes" INTEGER NOT NULL DEFAULT 20,
ADD COLUMN     "periods" INTEGER NOT NULL DEFAULT 3;

-- The import checks the same bounds (src/domain/game-format.ts), and these keep any other writer to them.
ALTER TABLE "LeagueGroup" ADD CONSTRAINT "LeagueGroup_game_format_check" CHECK (
  "periods" BETWEEN 1 AND 5 AND "periodMinutes" BETWEEN 1 AND 60 AND "overtimeMinutes" BETWEEN 0 AND 30 AND "forfeitGoals" BETWEEN 0 AND 99
);
