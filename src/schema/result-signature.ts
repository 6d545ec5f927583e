// Signed results (`Game.resultSignature`) and the administration of the keys that sign them. What
// is signed is src/domain/result-signature.ts; the keys are src/auth/result-signing-keys.ts.
import { currentSigningKey, listSigningKeys, type PublicSigningKey, rotateSigningKey, type SigningKey, signWith } from '../auth/result-signing-keys.js';
import { nowUntil } from '../clock.js';
import { ADMIN_SCOPE } from '../domain/access.js';
import { journalChange } from '../live/change-journal.js';
import { canonicalPayload, isSignable, resultPayload } from '../domain/result-signature.js';
import { builder } from './builder.js';
import { GAME_RESULT_SELECT, gameResultNow } from './game-result.js';
import { COMPUTED, computedCost } from './costs.js';

interface SignedResultShape {
  jws: string;
  keyId: string;
  payload: string;
}

const SignedResult = builder.objectRef<SignedResultShape>('SignedResult').implement({
  description:
    "A game's result signed by the service: a compact JWS (EdDSA, Ed25519) over the canonical JSON (RFC 8785) in `payload`. Verify it with any JOSE library against the keys at /.well-known/jwks.json (docs/results.md).",
  fields: (t) => ({
    jws: t.exposeString('jws', {
      description: 'The compact JWS: protected header, payload and signature, each base64url, joined by dots. Its payload is `payload`, byte for byte.',
    }),
    keyId: t.exposeString('keyId', { description: "The signing key's id: the `kid` of the JWS header and of its key in the JWKS (its RFC 7638 thumbprint)." }),
    payload: t.exposeString('payload', {
      description:
        "What is signed, as canonical JSON: v, game (id, startsAt), home and away (id, name), score, status, decidedBy, forfeit (by), eventsDigest (sha256 of the game's events), resultState, signedAt.",
    }),
  }),
});

const ResultSigningKey = builder.objectRef<PublicSigningKey>('ResultSigningKey').implement({
  description: 'A key the service signs results with, as administrators see it: its public half only.',
  fields: (t) => ({
    keyId: t.exposeString('kid', { description: 'Its id: the `kid` of the JWKS and of the signatures it made.' }),
    publicJwk: t.string({ description: 'Its public half, as JWK JSON text.', resolve: (key) => JSON.stringify(key.publicJwk) }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was made.' }),
    retiredAt: t.expose('retiredAt', {
      type: 'DateTime',
      nullable: true,
      description: 'When a newer key took over signing; null for the key that signs now. A retired key stays in the JWKS.',
    }),
  }),
});

/** The signing key of one request: a page of games signed asks for it once. */
const requestKeys = new WeakMap<object, Promise<SigningKey>>();

function signingKeyOf(ctx: { primary: Parameters<typeof currentSigningKey>[0] }, now: Date): Promise<SigningKey> {
  let key = requestKeys.get(ctx);
  if (!key) {
    // The primary: the first signature makes the first key.
    key = currentSigningKey(ctx.primary, now);
    requestKeys.set(ctx, key);
    key.catch(() => requestKeys.delete(ctx));
  }
  return key;
}

builder.prismaObjectFields('Game', (t) => ({
  resultSignature: t.field({
    type: SignedResult,
    nullable: true,
    description:
      "The result signed by the service, so that anyone can show it is the service's: a confirmed result always, a provisional or protested one when asked for. Null for a game without a result, and for an unconfirmed result unless `includeProvisional`.",
    complexity: computedCost(COMPUTED.resultSignature),
    args: {
      includeProvisional: t.arg.boolean({
        defaultValue: false,
        description: 'Sign a result that is not confirmed yet too (its payload says PROVISIONAL or PROTESTED).',
      }),
    },
    select: {
      ...GAME_RESULT_SELECT,
      startsAt: true,
      homeScore: true,
      awayScore: true,
      decidedBy: true,
      forfeitedBy: true,
      homeTeam: { select: { id: true, name: true } },
      awayTeam: { select: { id: true, name: true } },
      events: {
        select: { id: true, type: true, side: true, second: true, period: true, playerId: true, assistId: true, penaltyKind: true, penaltyShot: true },
        orderBy: [{ second: 'asc' }, { sequence: 'asc' }, { id: 'asc' }],
      },
    },
    resolve: async (game, args, ctx) => {
      // The state as it is now: the answer is kept no longer than a provisional result's window.
      const state = gameResultNow(game, ctx.clock)?.state ?? null;
      if (!isSignable(game, state, args.includeProvisional ?? false) || state === null) return null;
      // The signing time is a fact of the signature, not a reading that goes stale: the answer holds until a write changes the game.
      const signedAt = nowUntil(ctx.clock, () => undefined);
      const payload = canonicalPayload(resultPayload(game, game.events, state, signedAt));
      const signed = await signWith(await signingKeyOf(ctx, signedAt), payload);
      return { jws: signed.jws, keyId: signed.kid, payload };
    },
  }),
}));

const SIGNING_KEYS = 'Administering the result signing keys';

builder.queryField('resultSigningKeys', (t) =>
  t.field({
    type: [ResultSigningKey],
    description: 'Every key results were signed with, oldest first, retired ones included (the JWKS lists the same). Needs the admin scope.',
    resolve: (_root, _args, ctx) => {
      ctx.access.requireScope(ADMIN_SCOPE, SIGNING_KEYS);
      return listSigningKeys(ctx.primary);
    },
  }),
);

builder.mutationField('rotateResultSigningKey', (t) =>
  t.field({
    type: ResultSigningKey,
    description:
      'Retires the key that signs results and makes the next one, which signs from now on; the retired key stays in the JWKS, so what it signed still verifies. Needs the admin scope.',
    resolve: async (_root, _args, ctx) => {
      ctx.access.requireScope(ADMIN_SCOPE, SIGNING_KEYS);
      const key = await rotateSigningKey(ctx.primary, ctx.clock.now());
      // Signed answers cached on any instance were signed by the retired key: they still verify, but
      // from now on answers are signed by the new one. A data change drops them (as an import does).
      ctx.live?.changes.publish({ kind: 'data', seq: await journalChange(ctx.primary, { kind: 'data' }) });
      return key;
    },
  }),
);
