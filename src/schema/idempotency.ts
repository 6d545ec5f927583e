// The retry key every write input carries (the live writes of live-game.ts, the sheet of
// game-sheet.ts): one definition, so that every write describes and takes it alike. What the
// writers do with it is src/live/write-idempotency.ts.
import { IDEMPOTENCY_KEY_MAX_LENGTH, type IdempotencyScope, LAST_WRITE_KEY_MAX_LENGTH } from '../live/write-idempotency.js';
import { builder } from './builder.js';

export type InputFieldBuilder = PothosSchemaTypes.InputFieldBuilder<
  typeof builder extends PothosSchemaTypes.SchemaBuilder<infer Types> ? Types : never,
  'InputObject'
>;

export const IdempotencyScopeEnum = builder.enumType('IdempotencyScope', {
  description: 'How long an idempotency key replays the write it made.',
  values: {
    WRITE: { description: 'For good: every later write with the key returns the first result, or is refused for another input. The default.' },
    LAST_WRITE: {
      description:
        "Only while the write it made is still the game's last write; once anything else was written to the game, the same key makes a new write. For keys derived from a request's content, where the same request may come again on purpose.",
    },
  } satisfies Record<IdempotencyScope, { description: string }>,
});

export const idempotencyFields = (t: InputFieldBuilder) => ({
  idempotencyKey: t.string({
    required: true,
    description: `Unique per write, the same for every retry of it (a UUID, say): a retry returns the first result and writes nothing. 1–${IDEMPOTENCY_KEY_MAX_LENGTH} characters, 1–${LAST_WRITE_KEY_MAX_LENGTH} with LAST_WRITE.`,
  }),
  idempotencyScope: t.field({ type: IdempotencyScopeEnum, defaultValue: 'WRITE', description: 'How long the key replays; WRITE when not given.' }),
});

/**
 * The retry key of a mutation that makes something outside a game (a webhook, a test delivery, a
 * redelivery): required, as the live writes' is, so that a resend is never a second write; without
 * the live writes' scopes, which are about a game's last write.
 */
export const writeKeyField = (t: InputFieldBuilder) =>
  t.string({
    required: true,
    description: `Unique per write, the same for every retry of it (a UUID, say): a retry returns the first answer and writes nothing; the same key with another input is refused. 1–${IDEMPOTENCY_KEY_MAX_LENGTH} characters.`,
  });
