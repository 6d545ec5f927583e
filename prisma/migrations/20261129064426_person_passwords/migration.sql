-- CreateTable
CREATE TABLE "PersonPassword" (
    "personId" INTEGER NOT NULL,
    "hash" TEXT NOT NULL,
    "changedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "PersonPassword_pkey" PRIMARY KEY ("personId")
);

-- CreateIndex
CREATE INDEX "PersonPassword_changedAt_idx" ON "PersonPassword"("changedAt");

-- AddForeignKey
ALTER TABLE "PersonPassword" ADD CONSTRAINT "PersonPassword_personId_fkey" FOREIGN KEY ("personId") REFERENCES "Player"("id") ON DELETE CASCADE ON UPDATE CASCADE;
