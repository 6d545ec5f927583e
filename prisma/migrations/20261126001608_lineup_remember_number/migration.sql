-- AlterTable
ALTER TABLE "LineupEntry" ADD COLUMN     "rememberNumber" BOOLEAN NOT NULL DEFAULT true;
