-- The keys results are signed with (src/auth/result-signing-keys.ts): made at first need, rotated by
-- the operator (npm run keys -- rotate-signing-key): retired keys stay for verification.
CREATE TABLE "ResultSigningKey" (
    "id" SERIAL NOT NULL,
    "kid" TEXT NOT NULL,
    "publicJwk" JSONB NOT NULL,
    "privateJwk" JSONB NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL,
    "retiredAt" TIMESTAMP(3),
    CONSTRAINT "ResultSigningKey_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "ResultSigningKey_kid_key" ON "ResultSigningKey"("kid");
