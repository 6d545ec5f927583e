// GET /bo/games and /bo/games/:id (`set=game_report`): the games the caller's token may report,
// and one of them; the schema decides which (reportableGames, reportableGame).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { callerOf } from '../../http/caller.js';
import { badRequest } from '../shared/errors.js';
import { type FacadeDependencies, facadeDocument } from '../shared/facade.js';
import { boAnswer } from './envelope.js';
import { BO_GAME_DOC, BO_GAMES_DOC } from './docs.js';
import { type BoFields, boFields, textField, yesNo } from './fields.js';
import { BO_GAME_DOCUMENT, BO_GAMES_DOCUMENT, boGameReports } from './report.js';
import { gameIdOf } from './paths.js';

/** The one set the back office documents; absent means it too. */
function assertGameReportSet(fields: BoFields): void {
  const set = textField(fields, 'set');
  if (set !== undefined && set !== 'game_report') throw badRequest(`set takes game_report, got "${set}"`);
}

/** `result_state=yes`: each game with its result's life (boResult), whether the report is still open to protest. */
const withResultState = (fields: BoFields) => yesNo(fields.result_state, 'result_state') === true;

export function boGameRoutes(app: FastifyInstance, deps: FacadeDependencies): void {
  const games = facadeDocument(deps, BO_GAMES_DOCUMENT);
  const game = facadeDocument(deps, BO_GAME_DOCUMENT);

  app.get('/games', { config: { doc: BO_GAMES_DOC } }, async (request: FastifyRequest) => {
    const fields = boFields(request);
    assertGameReportSet(fields);
    const data = await games({}, callerOf(request));
    return boAnswer(boGameReports(data.reportableGames, { withResult: withResultState(fields) }));
  });

  app.get('/games/:game_id', { config: { doc: BO_GAME_DOC } }, async (request: FastifyRequest) => {
    const fields = boFields(request);
    assertGameReportSet(fields);
    const data = await game({ id: gameIdOf(request) }, callerOf(request));
    return boAnswer(boGameReports([data.reportableGame], { withResult: withResultState(fields) }));
  });
}
