import type { Caller } from '../auth/caller.js';
import { assertMayReadClub, assertScope, type ApiCredential, type KeyScope } from '../domain/access.js';
import { UnauthenticatedError } from '../domain/errors.js';

/**
 * The one gate every field that depends on who asks goes through, on /graphql and in the facades'
 * in-process documents alike: the facades only turn its UNAUTHENTICATED/FORBIDDEN into their own
 * 401/403. A request that passed through it is marked, so that its answer is never shared by a
 * cache (src/graphql.ts), whichever field asked.
 */
export class CallerAccess {
  private consulted = false;

  constructor(private readonly caller: Caller) {}

  /** Whether any part of the answer depended on the caller's key or session. */
  get dependsOnCaller(): boolean {
    return this.consulted;
  }

  /** A favorite session's data: its sid is its only secret, so the answer belongs to whoever holds it. */
  readsSession(): void {
    this.consulted = true;
  }

  /** The caller's valid key, or UNAUTHENTICATED saying what `doing` needs. */
  credential(doing: string): ApiCredential {
    this.consulted = true;
    if (this.caller.authentication === 'invalid') throw new UnauthenticatedError('The API key is invalid or revoked');
    if (!this.caller.credential) throw new UnauthenticatedError(`${doing} needs an API key: send it as Authorization: Bearer <key>`);
    return this.caller.credential;
  }

  requireScope(scope: KeyScope, doing: string): ApiCredential {
    const credential = this.credential(doing);
    assertScope(credential, scope, doing);
    return credential;
  }

  /** A club's team-internal data: a key of that club or a federation key. */
  requireClubReader(clubId: number, doing: string): ApiCredential {
    const credential = this.credential(doing);
    assertMayReadClub(credential, clubId);
    return credential;
  }
}
