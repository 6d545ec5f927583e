-- CreateTable
CREATE TABLE "Webhook" (
    "id" SERIAL NOT NULL,
    "ownerKeyId" INTEGER,
    "url" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "secret" TEXT NOT NULL,
    "eventTypes" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "eventKinds" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "leagueId" INTEGER,
    "teamId" INTEGER,
    "clubId" INTEGER,
    "gameId" INTEGER,
    "status" TEXT NOT NULL DEFAULT 'ACTIVE',
    "pausedReason" TEXT,
    "pausedAt" TIMESTAMPTZ(3),
    "startSeq" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMPTZ(3) NOT NULL,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "Webhook_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "WebhookDelivery" (
    "id" SERIAL NOT NULL,
    "messageId" TEXT NOT NULL,
    "webhookId" INTEGER NOT NULL,
    "gameId" INTEGER NOT NULL DEFAULT 0,
    "seq" INTEGER,
    "eventType" TEXT NOT NULL,
    "body" JSONB NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'PENDING',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMPTZ(3) NOT NULL,
    "firstAttemptAt" TIMESTAMPTZ(3),
    "nextAttemptAt" TIMESTAMPTZ(3) NOT NULL,
    "deliveredAt" TIMESTAMPTZ(3),
    "leaseUntil" TIMESTAMPTZ(3),
    "lastStatusCode" INTEGER,
    "lastError" TEXT,
    "lastLatencyMs" INTEGER,

    CONSTRAINT "WebhookDelivery_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "WebhookAttempt" (
    "id" SERIAL NOT NULL,
    "deliveryId" INTEGER NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL,
    "statusCode" INTEGER,
    "error" TEXT,
    "latencyMs" INTEGER NOT NULL,

    CONSTRAINT "WebhookAttempt_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "WebhookCursor" (
    "name" TEXT NOT NULL,
    "seq" INTEGER NOT NULL,

    CONSTRAINT "WebhookCursor_pkey" PRIMARY KEY ("name")
);

-- CreateIndex
CREATE INDEX "Webhook_ownerKeyId_idx" ON "Webhook"("ownerKeyId");

-- CreateIndex
CREATE UNIQUE INDEX "WebhookDelivery_messageId_key" ON "WebhookDelivery"("messageId");

-- CreateIndex
CREATE INDEX "WebhookDelivery_webhookId_gameId_status_id_idx" ON "WebhookDelivery"("webhookId", "gameId", "status", "id");

-- CreateIndex
CREATE INDEX "WebhookDelivery_webhookId_createdAt_idx" ON "WebhookDelivery"("webhookId", "createdAt");

-- CreateIndex
CREATE INDEX "WebhookDelivery_status_nextAttemptAt_idx" ON "WebhookDelivery"("status", "nextAttemptAt");

-- CreateIndex
CREATE INDEX "WebhookAttempt_deliveryId_id_idx" ON "WebhookAttempt"("deliveryId", "id");

-- AddForeignKey
ALTER TABLE "Webhook" ADD CONSTRAINT "Webhook_ownerKeyId_fkey" FOREIGN KEY ("ownerKeyId") REFERENCES "ApiKey"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WebhookDelivery" ADD CONSTRAINT "WebhookDelivery_webhookId_fkey" FOREIGN KEY ("webhookId") REFERENCES "Webhook"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WebhookAttempt" ADD CONSTRAINT "WebhookAttempt_deliveryId_fkey" FOREIGN KEY ("deliveryId") REFERENCES "WebhookDelivery"("id") ON DELETE CASCADE ON UPDATE CASCADE;
