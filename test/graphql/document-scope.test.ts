import { parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { documentScoping } from '../../src/graphql/document-scope.js';
import { getSchema } from '../../src/schema/index.js';

const isScoped = documentScoping(getSchema(), (source) => {
  try {
    return parse(source);
  } catch {
    return undefined;
  }
});

describe('which documents a live write may scope by the records their results show', () => {
  it('scopes queries of records by id, with what hangs off them', () => {
    for (const document of [
      '{ game(id: 1) { homeScore homeTeam { name } events { second } } }',
      'query ($id: Int!) { player(id: $id) { statistics { goals } games(season: 2025) { goals } } }',
      '{ team(id: 1) { seasonRecords { qualificationRank } } club(id: 2) { name } }',
      '{ leagueGroup(id: 3) { standings { rank team { name } } } }',
      'query A { game(id: 1) { ...Row } } fragment Row on Game { status }',
    ])
      expect(isScoped(document, undefined), document).toBe(true);
  });

  it('reads everything else from anywhere: lists, top scorers, national records, eligibility, mutations, bad documents', () => {
    for (const document of [
      '{ topScorers(season: 2025, league: 1, gameClass: 11) { goals } }',
      '{ games(first: 10) { edges { node { id } } } }',
      '{ game(id: 1) { id } teams(first: 1) { edges { node { id } } } }',
      '{ player(id: 1) { nationalPlayer { id } } }',
      '{ lineupValidation(gameId: 1, teamId: 1, licenseIds: [1]) { valid } }',
      'mutation { startGame(input: { gameId: 1, idempotencyKey: "k" }) { version } }',
      '{ game(id: 1) { ',
    ])
      expect(isScoped(document, undefined), document).toBe(false);
  });

  it('judges the whole document, and only a query it names', () => {
    const document = 'query One { game(id: 1) { id } } query Many { topScorers(season: 2025, league: 1, gameClass: 11) { goals } }';
    expect(isScoped(document, 'One')).toBe(false); // the whole document is judged: stricter, never looser
    expect(isScoped('query One { game(id: 1) { id } }', 'Other')).toBe(false);
  });
});
