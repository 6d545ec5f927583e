import { lexicographicSortSchema, type GraphQLSchema } from 'graphql';
import { builder } from './builder.js';
import './scalars.js';
import './node.js';
import './season.js';
import './league-group.js';
import './club.js';
import './team.js';
import './game.js';
import './game-clock.js';
import './player.js';
import './national-player.js';
import './top-scorer.js';
import './session.js';
import './lineup.js';
import './player-statistics.js';
import './team-records.js';
import './visitors.js';
import './national-statistics.js';
import './live-game.js';
import './game-sheet.js';
import './live-subscriptions.js';
import './api-key.js';
import './game-report.js';
import './report-session.js';
import './search.js';

let built: GraphQLSchema | undefined;

/** The canonical GraphQL schema; built once per process. */
export function getSchema(): GraphQLSchema {
  built ??= builder.toSchema();
  return built;
}

export function printableSchema(): GraphQLSchema {
  return lexicographicSortSchema(getSchema());
}
