-- AlterTable
ALTER TABLE "ChangeLogEntry" ADD COLUMN     "tags" TEXT[];

-- CreateTable
CREATE TABLE "SharedAnswer" (
    "key" TEXT NOT NULL,
    "scope" TEXT[],
    "builtAfterSeq" INTEGER NOT NULL,
    "heardAbove" INTEGER[],
    "storedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT clock_timestamp(),
    "freshUntil" TIMESTAMPTZ(3) NOT NULL,
    "contentType" TEXT NOT NULL,
    "etag" TEXT NOT NULL,
    "body" BYTEA NOT NULL,
    "gzip" BYTEA,
    "br" BYTEA,
    "bytes" INTEGER NOT NULL,

    CONSTRAINT "SharedAnswer_pkey" PRIMARY KEY ("key")
);

-- CreateTable
CREATE TABLE "SharedAnswerClaim" (
    "key" TEXT NOT NULL,
    "until" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "SharedAnswerClaim_pkey" PRIMARY KEY ("key")
);

-- CreateIndex
CREATE INDEX "SharedAnswer_scope_idx" ON "SharedAnswer" USING GIN ("scope");

-- CreateIndex
CREATE INDEX "SharedAnswer_storedAt_idx" ON "SharedAnswer"("storedAt");
