-- CreateTable
CREATE TABLE "ChangeLogEntry" (
    "seq" SERIAL NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL DEFAULT clock_timestamp(),
    "change" JSONB NOT NULL,

    CONSTRAINT "ChangeLogEntry_pkey" PRIMARY KEY ("seq")
);

-- CreateIndex
CREATE INDEX "ChangeLogEntry_at_idx" ON "ChangeLogEntry"("at");
