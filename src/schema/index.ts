import { lexicographicSortSchema, type GraphQLSchema } from 'graphql';
import { builder, checkUnusedSelections } from './builder.js';
import './scalars.js';
import './node.js';
import './season.js';
import './league-group.js';
import './club.js';
import './team.js';
import './game.js';
import './game-clock.js';
import './game-result.js';
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
import './game-history.js';
import './result-signature.js';
import './report-session.js';
import './search.js';
import './people.js';
import './webhook.js';

let built: GraphQLSchema | undefined;

/** What the app decides about the schema (src/app.ts, from its settings). */
export interface SchemaSettings {
  /** Production turns off the check for resolvers that ignore their Prisma selection (it wraps every query). */
  production: boolean;
}

/**
 * The canonical GraphQL schema; built once per process. The app passes its settings; a caller
 * without them (a test, a script) leaves them as they are (the check on, until an app says otherwise).
 */
export function getSchema(settings?: SchemaSettings): GraphQLSchema {
  if (settings) checkUnusedSelections(!settings.production);
  built ??= builder.toSchema();
  return built;
}

export function printableSchema(): GraphQLSchema {
  return lexicographicSortSchema(getSchema());
}
