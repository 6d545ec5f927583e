import { parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';
import { lsnValue } from '../../src/db/replicas.js';
import { readsPublicDataOnly } from '../../src/schema/context.js';

const PRIMARY = 'postgresql://app:secret@primary/league';

describe('DATABASE_REPLICA_URLS and DATABASE_REPLICA_MAX_LAG_MS', () => {
  it('are off by default, and read as a comma-separated list with a lag bound well under a second', () => {
    expect(loadConfig({})).toMatchObject({ databaseReplicaUrls: [], databaseReplicaMaxLagMs: 500 });
    const config = loadConfig({
      DATABASE_URL: PRIMARY,
      DATABASE_REPLICA_URLS: ' postgresql://app:secret@replica-a/league, postgres://app:secret@replica-b/league ,',
      DATABASE_REPLICA_MAX_LAG_MS: '200',
    });
    expect(config.databaseReplicaUrls).toEqual(['postgresql://app:secret@replica-a/league', 'postgres://app:secret@replica-b/league']);
    expect(config.databaseReplicaMaxLagMs).toBe(200);
  });

  it('refuse replicas without a PostgreSQL primary, and name a bad URL by its place, never its text (it holds a password)', () => {
    expect(() => loadConfig({ DATABASE_REPLICA_URLS: 'postgresql://app:secret@replica/league' })).toThrow(/needs DATABASE_URL/);
    const bad = () => loadConfig({ DATABASE_URL: PRIMARY, DATABASE_REPLICA_URLS: 'postgresql://a@r/l,mysql://app:hunter2@replica/league' });
    expect(bad).toThrow(ConfigError);
    expect(bad).toThrow(/URL number 2/);
    expect(bad).not.toThrow(/hunter2/);
    expect(() => loadConfig({ DATABASE_URL: PRIMARY, DATABASE_REPLICA_MAX_LAG_MS: '0' })).toThrow(/DATABASE_REPLICA_MAX_LAG_MS/);
  });
});

describe('WAL positions', () => {
  it('compare as PostgreSQL compares pg_lsn', () => {
    expect(lsnValue('0/41DCE80')).toBe(0x41dce80n);
    expect(lsnValue('1/0') > lsnValue('0/FFFFFFFF')).toBe(true);
    expect(() => lsnValue('not a position')).toThrow();
  });
});

describe('which operations a replica may answer', () => {
  it('queries of public data only: not mutations, nor sessions, keys, audits, reporting or nodes', () => {
    expect(readsPublicDataOnly(parse('{ game(id: 1) { id } teams(first: 2) { totalCount } }'))).toBe(true);
    expect(readsPublicDataOnly(parse('mutation { revokeApiKey(id: 1) { id } }'))).toBe(false);
    expect(readsPublicDataOnly(parse('{ game(id: 1) { id } favoriteSession(sid: "x") { id } }'))).toBe(false);
    expect(readsPublicDataOnly(parse('{ apiKeys { id } }'))).toBe(false);
    // A node may be a key or an audit entry.
    expect(readsPublicDataOnly(parse('{ node(id: "x") { nodeId } }'))).toBe(false);
    expect(readsPublicDataOnly(parse('{ nodes(ids: ["x"]) { nodeId } }'))).toBe(false);
    expect(readsPublicDataOnly(parse('{ reportSession { expiresAt } }'))).toBe(false);
    expect(readsPublicDataOnly(parse('{ ... on Query { gameAudit(gameId: 1) { id } } }'))).toBe(false);
    expect(readsPublicDataOnly(parse('query A { game(id: 1) { id } } query B { apiKeys { id } }'), 'B')).toBe(false);
    expect(readsPublicDataOnly(parse('query A { game(id: 1) { id } } query B { apiKeys { id } }'), 'A')).toBe(true);
  });
});
