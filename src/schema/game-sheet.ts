// The game sheet: officials write and correct each team's lineup for a game, with the same
// `games:write` keys as the live writes. The rules are src/domain/sheet-write.ts (with the lineup
// rules of src/domain/lineup.ts), the transaction src/live/sheet-writer.ts.
import { LINEUP_LIMITS } from '../domain/lineup.js';
import { writeGameSheet, type SheetWriteOutcome } from '../live/sheet-writer.js';
import { builder } from './builder.js';
import { LENGTH, listCost } from './costs.js';
import { idempotencyFields } from './idempotency.js';
import { loadCandidateFacts } from './lineup-facts.js';
import { PlayerPositionEnum, TeamSideEnum } from './scalars.js';

const GameSheetWriteResult = builder.objectRef<SheetWriteOutcome>('GameSheetWriteResult').implement({
  description: "What a game-sheet write left: the team's sheet and the game as they are now, and the game's new version.",
  fields: (t) => ({
    version: t.exposeInt('version', { description: 'Send it as expectedVersion with the next write to be told of writes in between.' }),
    replayed: t.exposeBoolean('replayed', { description: 'True when this idempotency key was written before: nothing was written again.' }),
    game: t.prismaField({
      type: 'Game',
      description: 'The game as it is after the write.',
      resolve: (query, outcome, _args, ctx) => ctx.prisma.game.findUniqueOrThrow({ ...query, where: { id: outcome.gameId } }),
    }),
    lines: t.prismaField({
      type: ['LineupEntry'],
      description: "The team's sheet, by number, as `Game.lineup` shows it.",
      complexity: listCost(LENGTH.sheetLines), // at most LINEUP_LIMITS.maxPlayers
      resolve: (query, outcome, _args, ctx) =>
        ctx.prisma.lineupEntry.findMany({ ...query, where: { gameId: outcome.gameId, teamId: outcome.teamId }, orderBy: [{ number: 'asc' }, { id: 'asc' }] }),
    }),
  }),
});

const GameSheetLineInput = builder.inputType('GameSheetLineInput', {
  description: "One line of a team's game sheet: a player who plays, by license or by player, with number, position and captaincy.",
  fields: (t) => ({
    licenseId: t.int({ description: 'The license the player plays on; give it or playerId, not both.' }),
    playerId: t.int({
      description:
        "The player, for a client that names players (the back office's player_id): their license of the team's club for the game, an eligible one, the regular one first, then the lowest id. Give it or licenseId, not both.",
    }),
    number: t.int({ description: 'Shirt number, 1–99, once per sheet. Left out: the number the player last wore, if no other line wears it.' }),
    position: t.field({
      type: PlayerPositionEnum,
      description:
        "The goalkeepers of the sheet are those it names GOALKEEPER (1–3). Absent: the player's known position (as lineupCandidates shows it: GOALKEEPER for a goalkeeper), none when nothing is known.",
    }),
    captain: t.boolean({ defaultValue: false, description: 'At most one captain per team.' }),
    rememberNumber: t.boolean({
      defaultValue: true,
      description: "False: this line's number is not remembered as the player's for later sheets (a borrowed shirt; the back office's do_not_remember_number).",
    }),
  }),
});

const WriteGameSheetInput = builder.inputType('WriteGameSheetInput', {
  description: "One team's whole game sheet for a game (writeGameSheet).",
  fields: (t) => ({
    gameId: t.int({ required: true, description: 'The game, by its id.' }),
    side: t.field({ type: TeamSideEnum, required: true, description: 'The team whose sheet this is.' }),
    ...idempotencyFields(t),
    expectedVersion: t.int({ description: 'The game version this write is based on; another is a CONFLICT naming the current one.' }),
    lines: t.field({ type: [GameSheetLineInput], required: true, description: "The team's whole sheet: it replaces the lines the team had." }),
  }),
});

builder.mutationFields((t) => ({
  writeGameSheet: t.field({
    type: GameSheetWriteResult,
    description: `Writes or corrects one team's game sheet for a scheduled or live game, replacing the team's lines, each naming its player by license or by player. Refused, naming the rule and the license, unless the lineup rules accept it (eligibility, ${LINEUP_LIMITS.minPlayers}–${LINEUP_LIMITS.maxPlayers} players, ${LINEUP_LIMITS.minGoalkeepers}–${LINEUP_LIMITS.maxGoalkeepers} goalkeepers, the quota), each number is worn once and there is at most one captain.`,
    args: { input: t.arg({ type: WriteGameSheetInput, required: true, description: "The game, the side and the team's lines, with the retry key." }) },
    resolve: async (_root, { input }, ctx) => {
      const credential = ctx.access.credential('Writing game sheets');
      const outcome = await writeGameSheet(
        ctx.prisma,
        credential,
        {
          gameId: input.gameId,
          side: input.side,
          idempotencyKey: input.idempotencyKey,
          idempotencyScope: input.idempotencyScope,
          expectedVersion: input.expectedVersion,
          lines: input.lines,
        },
        ctx.clock.now(),
        // The writer has authorised the key for the game (home club or federation) before it asks.
        (gameId, teamId) => loadCandidateFacts(ctx.prisma, gameId, teamId, () => undefined),
      );
      if (outcome.change) ctx.live?.changes.publish({ kind: 'game', game: outcome.change });
      return outcome;
    },
  }),
}));
