-- CreateEnum
CREATE TYPE "TransitionKind" AS ENUM ('START', 'PERIOD_END', 'FINISH', 'FORFEIT', 'ABORT', 'REPORT_RESULT');

-- AlterEnum
ALTER TYPE "GameStatus" ADD VALUE 'ABORTED';

-- AlterTable
ALTER TABLE "Game" ADD COLUMN     "forfeitedBy" "TeamSide",
ADD COLUMN     "secondsPlayed" INTEGER;

-- CreateTable
CREATE TABLE "GameTransition" (
    "id" SERIAL NOT NULL,
    "gameId" INTEGER NOT NULL,
    "number" INTEGER NOT NULL,
    "kind" "TransitionKind" NOT NULL,
    "second" INTEGER NOT NULL,
    "at" TIMESTAMP(3) NOT NULL,
    "statusBefore" "GameStatus" NOT NULL,
    "decidedByBefore" "GameDecision" NOT NULL,
    "lastEventIdBefore" INTEGER NOT NULL,

    CONSTRAINT "GameTransition_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "GameTransition_gameId_number_key" ON "GameTransition"("gameId", "number");

-- AddForeignKey
ALTER TABLE "GameTransition" ADD CONSTRAINT "GameTransition_gameId_fkey" FOREIGN KEY ("gameId") REFERENCES "Game"("id") ON DELETE CASCADE ON UPDATE CASCADE;
