-- AlterTable
ALTER TABLE "ApiKey" ADD COLUMN     "scopes" TEXT[] DEFAULT ARRAY[]::TEXT[];

-- AlterTable
ALTER TABLE "Game" ADD COLUMN     "version" INTEGER NOT NULL DEFAULT 0;

-- Events written live by game officials are the service's own records: their ids come from this
-- sequence, far above the federation's ids, which the importer writes as they are.
CREATE SEQUENCE "game_event_live_id_seq" AS INTEGER START WITH 1500000000;

-- AlterTable
ALTER TABLE "GameEvent" ADD COLUMN     "penaltyShot" BOOLEAN NOT NULL DEFAULT false,
ALTER COLUMN "id" SET DEFAULT nextval('game_event_live_id_seq'::regclass);

-- CreateTable
CREATE TABLE "GameAuditEntry" (
    "id" SERIAL NOT NULL,
    "gameId" INTEGER NOT NULL,
    "apiKeyId" INTEGER NOT NULL,
    "at" TIMESTAMP(3) NOT NULL,
    "mutation" TEXT NOT NULL,
    "idempotencyKey" TEXT NOT NULL,
    "inputHash" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "eventId" INTEGER,
    "change" JSONB NOT NULL,

    CONSTRAINT "GameAuditEntry_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "GameAuditEntry_gameId_at_idx" ON "GameAuditEntry"("gameId", "at");

-- CreateIndex
CREATE UNIQUE INDEX "GameAuditEntry_apiKeyId_idempotencyKey_key" ON "GameAuditEntry"("apiKeyId", "idempotencyKey");

-- AddForeignKey
ALTER TABLE "GameAuditEntry" ADD CONSTRAINT "GameAuditEntry_gameId_fkey" FOREIGN KEY ("gameId") REFERENCES "Game"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "GameAuditEntry" ADD CONSTRAINT "GameAuditEntry_apiKeyId_fkey" FOREIGN KEY ("apiKeyId") REFERENCES "ApiKey"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
