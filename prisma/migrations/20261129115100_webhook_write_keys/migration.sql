-- CreateTable
CREATE TABLE "WebhookWriteKey" (
    "id" SERIAL NOT NULL,
    "callerKeyId" INTEGER NOT NULL,
    "idempotencyKey" TEXT NOT NULL,
    "mutation" TEXT NOT NULL,
    "inputHash" TEXT NOT NULL,
    "webhookId" INTEGER NOT NULL,
    "answer" JSONB NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "WebhookWriteKey_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "WebhookWriteKey_callerKeyId_idempotencyKey_key" ON "WebhookWriteKey"("callerKeyId", "idempotencyKey");

-- CreateIndex
CREATE INDEX "WebhookWriteKey_webhookId_idx" ON "WebhookWriteKey"("webhookId");

-- AddForeignKey
ALTER TABLE "WebhookWriteKey" ADD CONSTRAINT "WebhookWriteKey_webhookId_fkey" FOREIGN KEY ("webhookId") REFERENCES "Webhook"("id") ON DELETE CASCADE ON UPDATE CASCADE;
