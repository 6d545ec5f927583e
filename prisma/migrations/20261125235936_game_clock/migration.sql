-- AlterTable
ALTER TABLE "Game" ADD COLUMN     "clockAt" TIMESTAMP(3),
ADD COLUMN     "clockPeriod" INTEGER,
ADD COLUMN     "clockRunning" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "clockSecond" INTEGER;

-- Games live before this release get a reading from their events: the period last started, and
-- the latest second recorded, running from now.
UPDATE "Game" g SET "clockPeriod" = e.period, "clockSecond" = e.second, "clockAt" = now(), "clockRunning" = true
FROM (
  SELECT "gameId", max(period) FILTER (WHERE type = 'PERIOD_START') AS period, max(second) AS second FROM "GameEvent" GROUP BY "gameId"
) e
WHERE g.id = e."gameId" AND g.status = 'LIVE' AND g."clockAt" IS NULL;
