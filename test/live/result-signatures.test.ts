// Signed results over a real socket, verified as a club or a newspaper would: jose's
// createRemoteJWKSet on the service's /.well-known/jwks.json and compactVerify. Also after a key
// rotation, a tampered payload, and the private key looked for in every answer and log line.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { compactVerify, createRemoteJWKSet, decodeProtectedHeader, errors } from 'jose';
import { buildApp } from '../../src/app.js';
import { canonicalJson } from '../../src/domain/result-signature.js';
import { countQueries, openTestLeague, type TestLeague } from '../support/app.js';
import { createKey } from '../support/keys.js';
import { postGraphQL } from '../support/live.js';

let league: TestLeague;
let app: FastifyInstance;
let baseUrl: string;
let adminKey: string;
let confirmed: { id: number };
let provisional: { id: number };
const logLines: string[] = [];
/** Every body the service answered in this test, to look for the private keys in. */
const answers: string[] = [];
/** The private halves of every key made in this test (`d` of each JWK), kept before any is deleted. */
const privateParts = new Set<string>();

async function rememberPrivateKeys() {
  const stored = await league.db.prisma.resultSigningKey.findMany({ select: { privateJwk: true } });
  for (const row of stored) privateParts.add((row.privateJwk as { d: string }).d);
}

interface Signed {
  jws: string;
  keyId: string;
  payload: string;
}

const SIGNATURE = `query ($id: Int!, $includeProvisional: Boolean) {
  game(id: $id) { id homeScore awayScore status decidedBy homeTeam { id name } awayTeam { id name } resultSignature(includeProvisional: $includeProvisional) { jws keyId payload } }
}`;

interface SignatureAnswer {
  game: {
    id: number;
    homeScore: number;
    awayScore: number;
    status: string;
    decidedBy: string | null;
    homeTeam: { id: number; name: string };
    awayTeam: { id: number; name: string };
    resultSignature: Signed | null;
  };
}

async function signature(id: number, includeProvisional?: boolean) {
  const answer = await postGraphQL<SignatureAnswer>(baseUrl, SIGNATURE, { id, includeProvisional });
  answers.push(JSON.stringify(answer));
  expect(answer.errors).toBeUndefined();
  return answer.data!.game;
}

async function jwksBody(): Promise<{ keys: { kid: string; kty: string; crv: string; x: string; alg: string; use: string }[] }> {
  const response = await fetch(`${baseUrl}/.well-known/jwks.json`);
  const text = await response.text();
  answers.push(text);
  return JSON.parse(text);
}

const keySet = () => createRemoteJWKSet(new URL(`${baseUrl}/.well-known/jwks.json`));

beforeAll(async () => {
  league = await openTestLeague();
  const [first, second] = await league.db.prisma.game.findMany({ where: { status: 'FINISHED', homeTeamId: { not: null } }, orderBy: { id: 'asc' }, take: 2 });
  // The states as the result life leaves them (test/live/result-life.test.ts plays the writes): one
  // confirmed, one provisional since now, its protest window open.
  confirmed = await league.db.prisma.game.update({ where: { id: first.id }, data: { resultState: 'CONFIRMED' } });
  provisional = await league.db.prisma.game.update({
    where: { id: second.id },
    data: { resultState: 'PROVISIONAL', resultProvisionalSince: league.clock.now(), resultConfirmedAt: null },
  });
  adminKey = (await createKey(league.db, 'operator', null, ['admin'])).key;
  app = await buildApp({
    database: league.db,
    clock: league.clock,
    logLevel: 'info',
    logStream: { write: (line: string) => void logLines.push(line) },
    publicBaseUrl: 'http://test.local',
    responseCacheTtlMs: 60_000,
  });
  baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
});

afterAll(async () => {
  await app?.close();
  await league?.close();
});

describe('a confirmed result', () => {
  it('is signed, and its JWS verifies against the JWKS with jose, its payload being the game’s result', async () => {
    const game = await signature(confirmed.id);
    const signed = game.resultSignature!;
    expect(signed).not.toBeNull();
    const { payload, protectedHeader } = await compactVerify(signed.jws, keySet());
    expect(protectedHeader).toEqual({ alg: 'EdDSA', kid: signed.keyId, typ: 'floorball-result+json' });
    expect(new TextDecoder().decode(payload)).toBe(signed.payload);
    const claims = JSON.parse(signed.payload);
    expect(claims).toMatchObject({
      v: 1,
      game: { id: game.id },
      home: game.homeTeam,
      away: game.awayTeam,
      score: { home: game.homeScore, away: game.awayScore },
      status: 'FINISHED',
      decidedBy: game.decidedBy,
      forfeit: null,
      resultState: 'CONFIRMED',
      signedAt: league.clock.now().toISOString(),
    });
    expect(claims.eventsDigest).toMatch(/^sha256:[A-Za-z0-9_-]{43}$/);
    // The payload is its own canonical form: a verifier re-serialising it with JCS gets the bytes signed.
    expect(canonicalJson(claims)).toBe(signed.payload);
  });

  it('fails to verify once its payload is changed', async () => {
    const signed = (await signature(confirmed.id)).resultSignature!;
    const [header, , sig] = signed.jws.split('.');
    const claims = JSON.parse(signed.payload);
    const forged = Buffer.from(canonicalJson({ ...claims, score: { home: claims.score.away, away: claims.score.home + 1 } })).toString('base64url');
    await expect(compactVerify(`${header}.${forged}.${sig}`, keySet())).rejects.toBeInstanceOf(errors.JWSSignatureVerificationFailed);
  });
});

describe('a page of signed results', () => {
  it('costs the same statements for 5 games as for 20: the signing key is read once per request', async () => {
    const finished = await league.db.prisma.game.findMany({
      where: { status: 'FINISHED', homeTeamId: { not: null } },
      orderBy: { id: 'asc' },
      take: 20,
      skip: 2,
    });
    await league.db.prisma.game.updateMany({ where: { id: { in: finished.map((game) => game.id) } }, data: { resultState: 'CONFIRMED' } });
    const page = async (ids: number[]) => {
      const answer = await postGraphQL<{ games: { nodes: { id: number; resultSignature: Signed | null }[] } }>(
        baseUrl,
        'query ($ids: [Int!]) { games(filter: { ids: $ids }, first: 20) { nodes { id resultSignature { jws keyId payload } } } }',
        { ids },
      );
      answers.push(JSON.stringify(answer));
      expect(answer.errors).toBeUndefined();
      return answer.data!.games.nodes;
    };
    const ids = finished.map((game) => game.id);
    const five = await countQueries(league.db, () => page(ids.slice(0, 5)));
    const twenty = await countQueries(league.db, () => page(ids));
    expect(twenty).toBe(five);
    const verifier = keySet();
    for (const game of await page(ids)) {
      const { payload } = await compactVerify(game.resultSignature!.jws, verifier);
      expect(JSON.parse(new TextDecoder().decode(payload)).game.id).toBe(game.id);
    }
  });
});

describe('a provisional result', () => {
  it('is signed only on request, and says it is provisional', async () => {
    expect((await signature(provisional.id)).resultSignature).toBeNull();
    const signed = (await signature(provisional.id, true)).resultSignature!;
    const { payload } = await compactVerify(signed.jws, keySet());
    expect(JSON.parse(new TextDecoder().decode(payload))).toMatchObject({ game: { id: provisional.id }, resultState: 'PROVISIONAL' });
  });

  it('has no signature for a game without a result', async () => {
    const scheduled = await league.db.prisma.game.findFirstOrThrow({ where: { status: 'SCHEDULED' } });
    expect((await signature(scheduled.id, true)).resultSignature).toBeNull();
  });
});

describe('key rotation', () => {
  it('signs with the new key from then on, lists both keys, and the old signatures still verify', async () => {
    const before = (await signature(confirmed.id)).resultSignature!;
    const refused = await postGraphQL(baseUrl, 'mutation { rotateResultSigningKey { keyId } }', {});
    expect(refused.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    const rotated = await postGraphQL<{ rotateResultSigningKey: { keyId: string; retiredAt: string | null; publicJwk: string } }>(
      baseUrl,
      'mutation { rotateResultSigningKey { keyId retiredAt publicJwk } }',
      {},
      adminKey,
    );
    answers.push(JSON.stringify(rotated));
    expect(rotated.errors).toBeUndefined();
    const newKid = rotated.data!.rotateResultSigningKey.keyId;
    expect(newKid).not.toBe(before.keyId);
    expect(rotated.data!.rotateResultSigningKey.retiredAt).toBeNull();

    // The same question as before the rotation: the rotation dropped the cached answer, the new key signs.
    const after = (await signature(confirmed.id)).resultSignature!;
    expect(after.keyId).toBe(newKid);
    expect(decodeProtectedHeader(after.jws).kid).toBe(newKid);
    const jwks = await jwksBody();
    expect(jwks.keys.map((key) => key.kid)).toEqual([newKid, before.keyId]);
    expect(jwks.keys.every((key) => key.kty === 'OKP' && key.crv === 'Ed25519' && key.alg === 'EdDSA' && key.use === 'sig')).toBe(true);
    // A verifier that fetched the set before the rotation, and a new one: both verify both.
    const verifier = keySet();
    await expect(compactVerify(before.jws, verifier)).resolves.toBeDefined();
    await expect(compactVerify(after.jws, verifier)).resolves.toBeDefined();

    const listed = await postGraphQL<{ resultSigningKeys: { keyId: string; retiredAt: string | null }[] }>(
      baseUrl,
      '{ resultSigningKeys { keyId retiredAt createdAt publicJwk } }',
      {},
      adminKey,
    );
    answers.push(JSON.stringify(listed));
    expect(listed.data?.resultSigningKeys.map((key) => [key.keyId, key.retiredAt === null])).toEqual([
      [before.keyId, false],
      [newKid, true],
    ]);
  });

  it('keeps one signing key when many requests make the first one at once', async () => {
    await rememberPrivateKeys();
    await league.db.prisma.resultSigningKey.deleteMany({});
    // Six documents, so that no cached or shared answer stands in for a signature: six signings at once.
    const signed = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        postGraphQL<SignatureAnswer>(baseUrl, SIGNATURE.replace('game(id: $id) {', `game(id: $id) { n${index}: id`), {
          id: provisional.id,
          includeProvisional: true,
        }),
      ),
    );
    for (const answer of signed) answers.push(JSON.stringify(answer));
    expect(await league.db.prisma.resultSigningKey.count()).toBe(1);
    for (const answer of signed) await expect(compactVerify(answer.data!.game.resultSignature!.jws, keySet())).resolves.toBeDefined();
  });
});

describe('the JWKS', () => {
  it('is public and cacheable, with an entity tag', async () => {
    const response = await fetch(`${baseUrl}/.well-known/jwks.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/jwk-set+json');
    expect(response.headers.get('cache-control')).toBe('public, max-age=300');
    const etag = response.headers.get('etag')!;
    answers.push(await response.text());
    expect((await fetch(`${baseUrl}/.well-known/jwks.json`, { headers: { 'if-none-match': etag } })).status).toBe(304);
  });
});

describe('the private keys', () => {
  it('appear in no answer and no log line', async () => {
    await rememberPrivateKeys();
    expect(privateParts.size).toBe(3);
    expect(answers.length).toBeGreaterThan(8);
    expect(logLines.length).toBeGreaterThan(0);
    for (const d of privateParts) {
      expect(d).toMatch(/^[A-Za-z0-9_-]{43}$/);
      for (const text of [...answers, ...logLines]) expect(text).not.toContain(d);
    }
  });
});
