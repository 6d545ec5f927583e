-- AlterTable
ALTER TABLE "LeagueGroup" ADD COLUMN     "seriesBestOf" INTEGER;
