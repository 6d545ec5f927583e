-- CreateIndex
CREATE INDEX "GameEvent_teamId_type_idx" ON "GameEvent"("teamId", "type");

-- CreateIndex
CREATE INDEX "LineupEntry_teamId_idx" ON "LineupEntry"("teamId");
