-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateEnum
CREATE TYPE "Gender" AS ENUM ('MALE', 'FEMALE', 'MIXED');

-- CreateEnum
CREATE TYPE "GroupPhase" AS ENUM ('QUALIFICATION', 'PLAYOFF', 'PLAYOUT');

-- CreateEnum
CREATE TYPE "GameStatus" AS ENUM ('SCHEDULED', 'LIVE', 'FINISHED', 'CANCELLED', 'FORFEIT');

-- CreateEnum
CREATE TYPE "GameDecision" AS ENUM ('REGULAR', 'OVERTIME', 'PENALTY_SHOTS');

-- CreateEnum
CREATE TYPE "TeamSide" AS ENUM ('HOME', 'AWAY');

-- CreateEnum
CREATE TYPE "GameEventType" AS ENUM ('GAME_START', 'PERIOD_START', 'GOAL', 'OWN_GOAL', 'PENALTY', 'TIMEOUT', 'PERIOD_END', 'PENALTY_SHOOTOUT', 'GAME_END', 'BEST_PLAYER');

-- CreateEnum
CREATE TYPE "PenaltyKind" AS ENUM ('MINOR_2', 'MAJOR_5', 'MISCONDUCT_10', 'MATCH');

-- CreateEnum
CREATE TYPE "PlayerPosition" AS ENUM ('GOALKEEPER', 'DEFENDER', 'CENTER', 'FORWARD');

-- CreateEnum
CREATE TYPE "Licensing" AS ENUM ('REGULAR', 'OTHER', 'MULTI');

-- CreateTable
CREATE TABLE "Season" (
    "id" INTEGER NOT NULL,
    "label" TEXT NOT NULL,
    "isCurrent" BOOLEAN NOT NULL DEFAULT false,
    "startsOn" DATE NOT NULL,
    "endsOn" DATE NOT NULL,

    CONSTRAINT "Season_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "GameClass" (
    "id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "shortName" TEXT NOT NULL,
    "gender" "Gender" NOT NULL,
    "isYouth" BOOLEAN NOT NULL DEFAULT false,
    "isSmallField" BOOLEAN NOT NULL DEFAULT false,
    "sortOrder" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "GameClass_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "League" (
    "id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "level" INTEGER NOT NULL,
    "isNational" BOOLEAN NOT NULL DEFAULT true,

    CONSTRAINT "League_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "LeagueGroup" (
    "id" INTEGER NOT NULL,
    "seasonId" INTEGER NOT NULL,
    "leagueId" INTEGER NOT NULL,
    "gameClassId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "phase" "GroupPhase" NOT NULL DEFAULT 'QUALIFICATION',
    "sortOrder" INTEGER NOT NULL DEFAULT 0,
    "playoffLine" INTEGER,

    CONSTRAINT "LeagueGroup_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Round" (
    "id" INTEGER NOT NULL,
    "groupId" INTEGER NOT NULL,
    "number" INTEGER NOT NULL,
    "name" TEXT NOT NULL,

    CONSTRAINT "Round_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CupTournament" (
    "id" INTEGER NOT NULL,
    "seasonId" INTEGER NOT NULL,
    "gameClassId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,

    CONSTRAINT "CupTournament_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CupRound" (
    "id" INTEGER NOT NULL,
    "tournamentId" INTEGER NOT NULL,
    "number" INTEGER NOT NULL,
    "name" TEXT NOT NULL,

    CONSTRAINT "CupRound_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Club" (
    "id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "shortName" TEXT,
    "logoUrl" TEXT,
    "website" TEXT,
    "street" TEXT,
    "zip" TEXT,
    "city" TEXT,
    "active" BOOLEAN NOT NULL DEFAULT true,

    CONSTRAINT "Club_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Team" (
    "id" INTEGER NOT NULL,
    "clubId" INTEGER NOT NULL,
    "gameClassId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "shortName" TEXT,
    "logoUrl" TEXT,
    "website" TEXT,
    "portraitUrl" TEXT,

    CONSTRAINT "Team_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "TeamRegistration" (
    "id" SERIAL NOT NULL,
    "teamId" INTEGER NOT NULL,
    "groupId" INTEGER NOT NULL,

    CONSTRAINT "TeamRegistration_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Venue" (
    "id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "street" TEXT,
    "zip" TEXT,
    "city" TEXT NOT NULL,
    "latitude" DOUBLE PRECISION NOT NULL,
    "longitude" DOUBLE PRECISION NOT NULL,

    CONSTRAINT "Venue_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Game" (
    "id" INTEGER NOT NULL,
    "groupId" INTEGER,
    "roundId" INTEGER,
    "cupRoundId" INTEGER,
    "bracketPosition" INTEGER,
    "homeTeamId" INTEGER NOT NULL,
    "awayTeamId" INTEGER NOT NULL,
    "startsAt" TIMESTAMP(3) NOT NULL,
    "venueId" INTEGER,
    "status" "GameStatus" NOT NULL DEFAULT 'SCHEDULED',
    "homeScore" INTEGER,
    "awayScore" INTEGER,
    "homePeriodScores" INTEGER[],
    "awayPeriodScores" INTEGER[],
    "decidedBy" "GameDecision" NOT NULL DEFAULT 'REGULAR',
    "spectators" INTEGER,
    "firstReferee" TEXT,
    "secondReferee" TEXT,
    "hasVideoStream" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "Game_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "GameEvent" (
    "id" INTEGER NOT NULL,
    "gameId" INTEGER NOT NULL,
    "second" INTEGER NOT NULL,
    "sequence" INTEGER NOT NULL DEFAULT 0,
    "type" "GameEventType" NOT NULL,
    "side" "TeamSide",
    "teamId" INTEGER,
    "playerId" INTEGER,
    "assistId" INTEGER,
    "period" INTEGER,
    "homeScore" INTEGER,
    "awayScore" INTEGER,
    "penaltyKind" "PenaltyKind",
    "penaltyReason" TEXT,

    CONSTRAINT "GameEvent_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Player" (
    "id" INTEGER NOT NULL,
    "firstName" TEXT NOT NULL,
    "lastName" TEXT NOT NULL,
    "yearOfBirth" INTEGER,
    "heightCm" INTEGER,
    "weightKg" INTEGER,
    "position" "PlayerPosition",
    "portraitUrl" TEXT,

    CONSTRAINT "Player_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "License" (
    "id" INTEGER NOT NULL,
    "playerId" INTEGER NOT NULL,
    "seasonId" INTEGER NOT NULL,
    "clubId" INTEGER NOT NULL,
    "teamId" INTEGER,
    "gameClassId" INTEGER NOT NULL,
    "licenseType" TEXT NOT NULL,
    "licensing" "Licensing" NOT NULL DEFAULT 'REGULAR',
    "locked" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "License_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "TeamMember" (
    "id" SERIAL NOT NULL,
    "teamId" INTEGER NOT NULL,
    "seasonId" INTEGER NOT NULL,
    "playerId" INTEGER NOT NULL,
    "number" INTEGER,
    "position" "PlayerPosition",
    "captain" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "TeamMember_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "LineupEntry" (
    "id" SERIAL NOT NULL,
    "gameId" INTEGER NOT NULL,
    "teamId" INTEGER NOT NULL,
    "playerId" INTEGER NOT NULL,
    "licenseId" INTEGER,
    "number" INTEGER,
    "position" "PlayerPosition",
    "captain" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "LineupEntry_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "NationalSelection" (
    "id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "gender" "Gender" NOT NULL,
    "isYouth" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "NationalSelection_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "NationalPlayer" (
    "id" INTEGER NOT NULL,
    "playerId" INTEGER NOT NULL,
    "selectionId" INTEGER NOT NULL,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "number" INTEGER,
    "position" "PlayerPosition",

    CONSTRAINT "NationalPlayer_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "NationalPlayerRecord" (
    "id" SERIAL NOT NULL,
    "nationalPlayerId" INTEGER NOT NULL,
    "selectionId" INTEGER NOT NULL,
    "games" INTEGER NOT NULL DEFAULT 0,
    "goals" INTEGER NOT NULL DEFAULT 0,
    "assists" INTEGER NOT NULL DEFAULT 0,
    "penalties2" INTEGER NOT NULL DEFAULT 0,
    "penalties5" INTEGER NOT NULL DEFAULT 0,
    "penalties10" INTEGER NOT NULL DEFAULT 0,
    "matchPenalties" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "NationalPlayerRecord_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "FavoriteSession" (
    "id" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "FavoriteSession_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Favorite" (
    "id" SERIAL NOT NULL,
    "sessionId" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "gameClass" INTEGER,
    "league" INTEGER,
    "group" TEXT,
    "clubId" INTEGER,
    "teamId" INTEGER,
    "playerId" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Favorite_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ApiKey" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "hash" TEXT NOT NULL,
    "clubId" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL,
    "revokedAt" TIMESTAMP(3),

    CONSTRAINT "ApiKey_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Season_isCurrent_idx" ON "Season"("isCurrent");

-- CreateIndex
CREATE INDEX "LeagueGroup_leagueId_gameClassId_seasonId_idx" ON "LeagueGroup"("leagueId", "gameClassId", "seasonId");

-- CreateIndex
CREATE UNIQUE INDEX "LeagueGroup_seasonId_leagueId_gameClassId_name_key" ON "LeagueGroup"("seasonId", "leagueId", "gameClassId", "name");

-- CreateIndex
CREATE UNIQUE INDEX "Round_groupId_number_key" ON "Round"("groupId", "number");

-- CreateIndex
CREATE INDEX "CupTournament_seasonId_idx" ON "CupTournament"("seasonId");

-- CreateIndex
CREATE UNIQUE INDEX "CupRound_tournamentId_number_key" ON "CupRound"("tournamentId", "number");

-- CreateIndex
CREATE INDEX "Club_name_idx" ON "Club"("name");

-- CreateIndex
CREATE INDEX "Team_clubId_idx" ON "Team"("clubId");

-- CreateIndex
CREATE INDEX "TeamRegistration_groupId_idx" ON "TeamRegistration"("groupId");

-- CreateIndex
CREATE UNIQUE INDEX "TeamRegistration_teamId_groupId_key" ON "TeamRegistration"("teamId", "groupId");

-- CreateIndex
CREATE INDEX "Game_startsAt_idx" ON "Game"("startsAt");

-- CreateIndex
CREATE INDEX "Game_groupId_startsAt_idx" ON "Game"("groupId", "startsAt");

-- CreateIndex
CREATE INDEX "Game_roundId_idx" ON "Game"("roundId");

-- CreateIndex
CREATE INDEX "Game_cupRoundId_bracketPosition_idx" ON "Game"("cupRoundId", "bracketPosition");

-- CreateIndex
CREATE INDEX "Game_homeTeamId_startsAt_idx" ON "Game"("homeTeamId", "startsAt");

-- CreateIndex
CREATE INDEX "Game_awayTeamId_startsAt_idx" ON "Game"("awayTeamId", "startsAt");

-- CreateIndex
CREATE INDEX "GameEvent_gameId_second_idx" ON "GameEvent"("gameId", "second");

-- CreateIndex
CREATE INDEX "GameEvent_playerId_idx" ON "GameEvent"("playerId");

-- CreateIndex
CREATE INDEX "GameEvent_assistId_idx" ON "GameEvent"("assistId");

-- CreateIndex
CREATE INDEX "Player_lastName_firstName_idx" ON "Player"("lastName", "firstName");

-- CreateIndex
CREATE INDEX "License_playerId_seasonId_idx" ON "License"("playerId", "seasonId");

-- CreateIndex
CREATE INDEX "License_clubId_seasonId_idx" ON "License"("clubId", "seasonId");

-- CreateIndex
CREATE INDEX "TeamMember_playerId_seasonId_idx" ON "TeamMember"("playerId", "seasonId");

-- CreateIndex
CREATE UNIQUE INDEX "TeamMember_teamId_seasonId_playerId_key" ON "TeamMember"("teamId", "seasonId", "playerId");

-- CreateIndex
CREATE INDEX "LineupEntry_gameId_teamId_idx" ON "LineupEntry"("gameId", "teamId");

-- CreateIndex
CREATE INDEX "LineupEntry_playerId_idx" ON "LineupEntry"("playerId");

-- CreateIndex
CREATE UNIQUE INDEX "LineupEntry_gameId_playerId_key" ON "LineupEntry"("gameId", "playerId");

-- CreateIndex
CREATE UNIQUE INDEX "NationalPlayer_playerId_key" ON "NationalPlayer"("playerId");

-- CreateIndex
CREATE INDEX "NationalPlayer_selectionId_active_idx" ON "NationalPlayer"("selectionId", "active");

-- CreateIndex
CREATE UNIQUE INDEX "NationalPlayerRecord_nationalPlayerId_selectionId_key" ON "NationalPlayerRecord"("nationalPlayerId", "selectionId");

-- CreateIndex
CREATE INDEX "FavoriteSession_expiresAt_idx" ON "FavoriteSession"("expiresAt");

-- CreateIndex
CREATE UNIQUE INDEX "Favorite_sessionId_key_key" ON "Favorite"("sessionId", "key");

-- CreateIndex
CREATE UNIQUE INDEX "ApiKey_hash_key" ON "ApiKey"("hash");

-- AddForeignKey
ALTER TABLE "LeagueGroup" ADD CONSTRAINT "LeagueGroup_seasonId_fkey" FOREIGN KEY ("seasonId") REFERENCES "Season"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LeagueGroup" ADD CONSTRAINT "LeagueGroup_leagueId_fkey" FOREIGN KEY ("leagueId") REFERENCES "League"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LeagueGroup" ADD CONSTRAINT "LeagueGroup_gameClassId_fkey" FOREIGN KEY ("gameClassId") REFERENCES "GameClass"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Round" ADD CONSTRAINT "Round_groupId_fkey" FOREIGN KEY ("groupId") REFERENCES "LeagueGroup"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CupTournament" ADD CONSTRAINT "CupTournament_seasonId_fkey" FOREIGN KEY ("seasonId") REFERENCES "Season"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CupTournament" ADD CONSTRAINT "CupTournament_gameClassId_fkey" FOREIGN KEY ("gameClassId") REFERENCES "GameClass"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CupRound" ADD CONSTRAINT "CupRound_tournamentId_fkey" FOREIGN KEY ("tournamentId") REFERENCES "CupTournament"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Team" ADD CONSTRAINT "Team_clubId_fkey" FOREIGN KEY ("clubId") REFERENCES "Club"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Team" ADD CONSTRAINT "Team_gameClassId_fkey" FOREIGN KEY ("gameClassId") REFERENCES "GameClass"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TeamRegistration" ADD CONSTRAINT "TeamRegistration_teamId_fkey" FOREIGN KEY ("teamId") REFERENCES "Team"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TeamRegistration" ADD CONSTRAINT "TeamRegistration_groupId_fkey" FOREIGN KEY ("groupId") REFERENCES "LeagueGroup"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Game" ADD CONSTRAINT "Game_groupId_fkey" FOREIGN KEY ("groupId") REFERENCES "LeagueGroup"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Game" ADD CONSTRAINT "Game_roundId_fkey" FOREIGN KEY ("roundId") REFERENCES "Round"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Game" ADD CONSTRAINT "Game_cupRoundId_fkey" FOREIGN KEY ("cupRoundId") REFERENCES "CupRound"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Game" ADD CONSTRAINT "Game_homeTeamId_fkey" FOREIGN KEY ("homeTeamId") REFERENCES "Team"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Game" ADD CONSTRAINT "Game_awayTeamId_fkey" FOREIGN KEY ("awayTeamId") REFERENCES "Team"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Game" ADD CONSTRAINT "Game_venueId_fkey" FOREIGN KEY ("venueId") REFERENCES "Venue"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "GameEvent" ADD CONSTRAINT "GameEvent_gameId_fkey" FOREIGN KEY ("gameId") REFERENCES "Game"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "GameEvent" ADD CONSTRAINT "GameEvent_teamId_fkey" FOREIGN KEY ("teamId") REFERENCES "Team"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "GameEvent" ADD CONSTRAINT "GameEvent_playerId_fkey" FOREIGN KEY ("playerId") REFERENCES "Player"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "GameEvent" ADD CONSTRAINT "GameEvent_assistId_fkey" FOREIGN KEY ("assistId") REFERENCES "Player"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "License" ADD CONSTRAINT "License_playerId_fkey" FOREIGN KEY ("playerId") REFERENCES "Player"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "License" ADD CONSTRAINT "License_seasonId_fkey" FOREIGN KEY ("seasonId") REFERENCES "Season"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "License" ADD CONSTRAINT "License_clubId_fkey" FOREIGN KEY ("clubId") REFERENCES "Club"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "License" ADD CONSTRAINT "License_teamId_fkey" FOREIGN KEY ("teamId") REFERENCES "Team"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "License" ADD CONSTRAINT "License_gameClassId_fkey" FOREIGN KEY ("gameClassId") REFERENCES "GameClass"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TeamMember" ADD CONSTRAINT "TeamMember_teamId_fkey" FOREIGN KEY ("teamId") REFERENCES "Team"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TeamMember" ADD CONSTRAINT "TeamMember_seasonId_fkey" FOREIGN KEY ("seasonId") REFERENCES "Season"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TeamMember" ADD CONSTRAINT "TeamMember_playerId_fkey" FOREIGN KEY ("playerId") REFERENCES "Player"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LineupEntry" ADD CONSTRAINT "LineupEntry_gameId_fkey" FOREIGN KEY ("gameId") REFERENCES "Game"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LineupEntry" ADD CONSTRAINT "LineupEntry_teamId_fkey" FOREIGN KEY ("teamId") REFERENCES "Team"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LineupEntry" ADD CONSTRAINT "LineupEntry_playerId_fkey" FOREIGN KEY ("playerId") REFERENCES "Player"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LineupEntry" ADD CONSTRAINT "LineupEntry_licenseId_fkey" FOREIGN KEY ("licenseId") REFERENCES "License"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "NationalPlayer" ADD CONSTRAINT "NationalPlayer_playerId_fkey" FOREIGN KEY ("playerId") REFERENCES "Player"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "NationalPlayer" ADD CONSTRAINT "NationalPlayer_selectionId_fkey" FOREIGN KEY ("selectionId") REFERENCES "NationalSelection"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "NationalPlayerRecord" ADD CONSTRAINT "NationalPlayerRecord_nationalPlayerId_fkey" FOREIGN KEY ("nationalPlayerId") REFERENCES "NationalPlayer"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "NationalPlayerRecord" ADD CONSTRAINT "NationalPlayerRecord_selectionId_fkey" FOREIGN KEY ("selectionId") REFERENCES "NationalSelection"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Favorite" ADD CONSTRAINT "Favorite_sessionId_fkey" FOREIGN KEY ("sessionId") REFERENCES "FavoriteSession"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ApiKey" ADD CONSTRAINT "ApiKey_clubId_fkey" FOREIGN KEY ("clubId") REFERENCES "Club"("id") ON DELETE SET NULL ON UPDATE CASCADE;
