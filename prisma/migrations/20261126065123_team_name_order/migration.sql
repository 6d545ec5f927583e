-- CreateIndex
CREATE INDEX "Team_name_id_idx" ON "Team"("name", "id");
