-- A result's life: provisional, protested, confirmed (src/domain/result-life.ts).
CREATE TYPE "ResultState" AS ENUM ('PROVISIONAL', 'PROTESTED', 'CONFIRMED');
CREATE TYPE "ProtestDecision" AS ENUM ('UPHELD', 'REJECTED');
CREATE TYPE "ResultCounting" AS ENUM ('PROVISIONAL_AND_CONFIRMED', 'CONFIRMED_ONLY');

ALTER TABLE "LeagueGroup" ADD COLUMN "protestWindowHours" INTEGER NOT NULL DEFAULT 48,
  ADD COLUMN "resultCounting" "ResultCounting" NOT NULL DEFAULT 'PROVISIONAL_AND_CONFIRMED';

ALTER TABLE "Game" ADD COLUMN "resultState" "ResultState",
  ADD COLUMN "resultProvisionalSince" TIMESTAMP(3),
  ADD COLUMN "resultConfirmedAt" TIMESTAMP(3);

-- Results already in the database were published by the federation before results had a life:
-- they stand confirmed from their game's start.
UPDATE "Game" SET "resultState" = 'CONFIRMED', "resultProvisionalSince" = "startsAt", "resultConfirmedAt" = "startsAt"
  WHERE "status" IN ('FINISHED', 'FORFEIT');

CREATE TABLE "ResultProtest" (
    "id" SERIAL NOT NULL,
    "gameId" INTEGER NOT NULL,
    "clubId" INTEGER NOT NULL,
    "side" "TeamSide" NOT NULL,
    "apiKeyId" INTEGER NOT NULL,
    "at" TIMESTAMP(3) NOT NULL,
    "reason" TEXT NOT NULL,
    "decision" "ProtestDecision",
    "decidedAt" TIMESTAMP(3),
    "decisionReason" TEXT,
    "decidedByApiKeyId" INTEGER,
    CONSTRAINT "ResultProtest_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "ResultProtest_gameId_at_idx" ON "ResultProtest"("gameId", "at");
ALTER TABLE "ResultProtest" ADD CONSTRAINT "ResultProtest_gameId_fkey" FOREIGN KEY ("gameId") REFERENCES "Game"("id") ON DELETE CASCADE ON UPDATE CASCADE;
