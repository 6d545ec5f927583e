// The demo league's people with passwords (the back office's PUT /bo/people/:id/validate_password):
// the first few players, each with a password derived from the seed and their id, so that the same
// seed gives the same passwords everywhere. Only the hashes are stored (src/auth/password-hash.ts).
// A tester finds them with `npm run data:demo -- --passwords` (docs/interfaces.md, the back office).
import { createHmac } from 'node:crypto';
import { hashPassword } from '../../auth/password-hash.js';
import type { PrismaClient } from '../../generated/prisma/client.js';
import { addDays, localDay, startOfLocalDay } from '../../domain/league-time.js';
import { DemoDocument } from './document.js';
import type { DemoLeagueOptions } from './generate.js';

/** How many people get a password: each costs a memory-hard hash (~60 ms) when the demo is loaded. */
export const DEMO_PEOPLE_WITH_PASSWORDS = 8;

/** The ids of the people with passwords: the league's first players, whatever its seed and scale. */
export function demoPasswordPeople(): number[] {
  const document = new DemoDocument();
  return Array.from({ length: DEMO_PEOPLE_WITH_PASSWORDS }, () => document.nextId('player'));
}

/** A person's demo password: 12 characters, the same for the same seed and id. */
export function demoPassword(seed: number, personId: number): string {
  return createHmac('sha256', `floorball demo people, seed ${seed}`).update(String(personId)).digest('base64url').slice(0, 12);
}

/** When each person's password was set: the i-th person's i days before the league's day (so `changed_since` finds them by day). */
export function demoPasswordChangedAt(now: Date, index: number): Date {
  return startOfLocalDay(addDays(localDay(now), -index));
}

/** Stores the demo people's password hashes (one at a time: each hash takes 32 MiB while it is made). */
export async function setDemoPasswords(prisma: PrismaClient, options: Pick<DemoLeagueOptions, 'seed' | 'now'>): Promise<void> {
  for (const [index, personId] of demoPasswordPeople().entries()) {
    const row = { hash: await hashPassword(demoPassword(options.seed, personId)), changedAt: demoPasswordChangedAt(options.now, index) };
    await prisma.personPassword.upsert({ where: { personId }, create: { personId, ...row }, update: row });
  }
}
