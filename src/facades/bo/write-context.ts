// What a write needs to translate the back office's ids into the schema's: the game's teams (a
// `team_id` names a side) and its sheets (a `player_id` names the license the player is on the
// sheet with). Asked through reportableGame, so a token that may not report the game is refused
// (403, or 404 for no such game) before anything is translated.
import type { ResultOf } from '@graphql-typed-document-node/core';
import type { Caller } from '../../auth/caller.js';
import { graphql } from '../generated/gql.js';
import type { TeamSide } from '../generated/graphql.js';
import { badRequest } from '../shared/errors.js';
import { type FacadeDependencies, facadeDocument } from '../shared/facade.js';

const WRITE_CONTEXT = graphql(`
  query BoWriteContext($id: Int!) {
    reportableGame(id: $id) {
      id
      homeTeam { id }
      awayTeam { id }
      lineup { player { id } license { id } team { id } }
    }
  }
`);

type WriteContextData = ResultOf<typeof WRITE_CONTEXT>['reportableGame'];

export class WriteContext {
  constructor(private readonly game: WriteContextData) {}

  get gameId(): number {
    return this.game.id;
  }

  /** The two teams: `reportableGame` refuses a game whose pairing is undecided, so both are known here. */
  get teams(): { home: number; away: number } {
    const { homeTeam, awayTeam } = this.game;
    if (!homeTeam || !awayTeam) throw badRequest(`Game ${this.game.id} has no teams yet`);
    return { home: homeTeam.id, away: awayTeam.id };
  }

  /** The side `team_id` plays on in this game. */
  sideOf(teamId: number): TeamSide {
    const { home, away } = this.teams;
    if (teamId === home) return 'HOME';
    if (teamId === away) return 'AWAY';
    throw badRequest(`team_id ${teamId} does not play in game ${this.game.id} (home ${home}, away ${away})`);
  }

  teamOf(side: TeamSide): number {
    return side === 'HOME' ? this.teams.home : this.teams.away;
  }

  /** The license `player_id` is on `side`'s sheet with. */
  licenseOf(playerId: number, side: TeamSide, field = 'player_id'): number {
    const teamId = this.teamOf(side);
    const line = this.game.lineup.find((entry) => entry.player.id === playerId && entry.team.id === teamId);
    if (!line) throw badRequest(`${field} ${playerId} is not on the game sheet of team ${teamId}: write the lineup first`);
    if (!line.license) throw badRequest(`${field} ${playerId} is on the game sheet of team ${teamId} without a license: write the lineup again`);
    return line.license.id;
  }
}

export function writeContextLoader(deps: FacadeDependencies) {
  const load = facadeDocument(deps, WRITE_CONTEXT);
  return async (gameId: number, caller: Caller) => new WriteContext((await load({ id: gameId }, caller)).reportableGame);
}
