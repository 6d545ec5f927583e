-- CreateEnum
CREATE TYPE "PenaltyRole" AS ENUM ('OFFENDER', 'ASSIST', 'DEPUTY');

-- AlterEnum
-- This migration adds more than one value to an enum.
-- With PostgreSQL versions 11 and earlier, this is not possible
-- in a single migration. This can be worked around by creating
-- multiple migrations, each migration adding only one value to
-- the enum.


ALTER TYPE "GameEventType" ADD VALUE 'PENALTY_END';
ALTER TYPE "GameEventType" ADD VALUE 'GOALIE_OUT';
ALTER TYPE "GameEventType" ADD VALUE 'GOALIE_BACK';
ALTER TYPE "GameEventType" ADD VALUE 'GOALIE_CHANGE';
ALTER TYPE "GameEventType" ADD VALUE 'INJURY';
ALTER TYPE "GameEventType" ADD VALUE 'CROSSBAR';
ALTER TYPE "GameEventType" ADD VALUE 'POST';
ALTER TYPE "GameEventType" ADD VALUE 'PENALTY_SHOT_MISSED';
ALTER TYPE "GameEventType" ADD VALUE 'MISC';
ALTER TYPE "GameEventType" ADD VALUE 'PLAYER_INSPECTION';

-- AlterEnum
-- This migration adds more than one value to an enum.
-- With PostgreSQL versions 11 and earlier, this is not possible
-- in a single migration. This can be worked around by creating
-- multiple migrations, each migration adding only one value to
-- the enum.


ALTER TYPE "PenaltyKind" ADD VALUE 'MINOR_2_2';
ALTER TYPE "PenaltyKind" ADD VALUE 'MATCH_1';
ALTER TYPE "PenaltyKind" ADD VALUE 'MATCH_2';
ALTER TYPE "PenaltyKind" ADD VALUE 'MATCH_3';
ALTER TYPE "PenaltyKind" ADD VALUE 'PENALTY_SHOT';

-- AlterTable
ALTER TABLE "GameEvent" ADD COLUMN     "code" INTEGER,
ADD COLUMN     "inspectionDone" BOOLEAN,
ADD COLUMN     "penaltyRole" "PenaltyRole",
ADD COLUMN     "worldTime" TIMESTAMP(3);

-- The federation's codes run from 0 to 999 (src/domain/event-kinds.ts checks the same bounds before a write).
ALTER TABLE "GameEvent" ADD CONSTRAINT "GameEvent_code_check" CHECK ("code" BETWEEN 0 AND 999);
