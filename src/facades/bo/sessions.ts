// /bo/session: logging in for a four-hour auth_token, checking one, and ending one. The credentials
// a login presents are checked here, under the failed-key brake every keyed interface shares (as
// src/http/caller.ts checks a presented key); the token is opened by the canonical mutation for the
// key they named, so what the token may do is the schema's decision.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type Login, verifyLogin } from '../../auth/api-keys.js';
import { callerOf, checkApiKey } from '../../http/caller.js';
import { clientOf } from '../../http/client-address.js';
import { graphql } from '../generated/gql.js';
import { HttpError } from '../shared/errors.js';
import { type FacadeDependencies, facadeDocument, facadeMutation } from '../shared/facade.js';
import { zurichDateTime } from '../shared/format.js';
import { boAnswer } from './envelope.js';
import { BO_EVENT_LOGIN_DOC, BO_LOGIN_DOC, BO_LOGOUT_DOC, BO_VALIDATE_DOC, BO_VALIDATE_POST_DOC } from './docs.js';
import { type BoFields, boFields, integerField, requiredInteger, requiredText } from './fields.js';

const OPEN_SESSION = graphql(`
  mutation BoOpenSession { openReportSession { authToken expiresAt eventId } }
`);

const SESSION = graphql(`
  query BoSession { reportSession { expiresAt eventId gameIds } }
`);

const CLOSE_SESSION = graphql(`
  mutation BoCloseSession { closeReportSession }
`);

/** Wrong credentials get one answer, whichever part was wrong: a guesser learns nothing from it. */
const WRONG_CREDENTIALS = 'These credentials are not valid';
/** Logging out without a working token: the caller refuses a wrong one in these words too. */
const LOGOUT_REFUSED = 'auth_token is missing, invalid, expired or revoked';

function loginOf(fields: BoFields, kind: Login['kind']): Login {
  return kind === 'partner'
    ? { kind, apiKey: requiredText(fields, 'api_key'), secret: requiredText(fields, 'secret') }
    : { kind, eventId: requiredInteger(fields, 'anlass_id'), password: requiredText(fields, 'password') };
}

export function boSessionRoutes(app: FastifyInstance, deps: FacadeDependencies): void {
  const open = facadeMutation(deps, OPEN_SESSION);
  const session = facadeDocument(deps, SESSION);
  const close = facadeMutation(deps, CLOSE_SESSION);

  const logIn = (kind: Login['kind']) => async (request: FastifyRequest, reply: FastifyReply) => {
    const login = loginOf(boFields(request), kind);
    const credential = await checkApiKey(request, reply, () => verifyLogin(deps.prisma, login));
    if (!credential) throw new HttpError(401, WRONG_CREDENTIALS);
    const { openReportSession: opened } = await open({}, { authentication: 'valid', credential, clientId: clientOf(request) });
    const expiresAt = new Date(opened.expiresAt);
    return boAnswer({
      auth_token: opened.authToken,
      expires_at: zurichDateTime(expiresAt),
      valid_for_seconds: Math.round((expiresAt.getTime() - deps.clock.now().getTime()) / 1000),
      ...(opened.eventId === null || opened.eventId === undefined ? {} : { anlass_id: opened.eventId }),
    });
  };

  // A login presents credentials of its own: an old token sent along is not its business (src/http/caller.ts).
  app.post('/session/auth', { config: { doc: BO_LOGIN_DOC, judgesItsKey: true } }, logIn('partner'));
  app.post('/session/auth_anlass', { config: { doc: BO_EVENT_LOGIN_DOC, judgesItsKey: true } }, logIn('event'));

  /** Whether the token works, and, with `anlass_id`, whether it is that event's: answered, not refused. */
  const validate = async (request: FastifyRequest) => {
    const caller = callerOf(request);
    if (caller.authentication === 'none') throw new HttpError(400, 'auth_token is required: the token to validate');
    const eventId = integerField(boFields(request), 'anlass_id');
    const checked = await session({}, caller).catch((error: unknown) => {
      if (error instanceof HttpError && error.status === 401) return null;
      throw error;
    });
    const current = checked?.reportSession;
    if (!current || (eventId !== undefined && current.eventId !== eventId)) return boAnswer({ token: 'invalid' });
    return boAnswer({
      token: 'valid',
      expires_at: current.expiresAt ? zurichDateTime(new Date(current.expiresAt)) : null,
      anlass_id: current.eventId ?? null,
      game_ids: current.gameIds,
    });
  };
  // A wrong token is this route's answer ({token: 'invalid'}), not a refusal (src/http/caller.ts).
  app.post('/session/validate', { config: { doc: BO_VALIDATE_POST_DOC, judgesItsKey: true } }, validate);
  app.get('/session/validate', { config: { doc: BO_VALIDATE_DOC, judgesItsKey: true } }, validate);

  /** Logging out: the token stops working at once, on every instance. */
  app.delete('/session', { config: { doc: BO_LOGOUT_DOC, invalidKeyMessage: LOGOUT_REFUSED } }, async (request) => {
    const caller = callerOf(request);
    if (caller.authentication !== 'valid') throw new HttpError(401, LOGOUT_REFUSED);
    const { closeReportSession } = await close({}, caller);
    return boAnswer({ token: closeReportSession ? 'closed' : 'not a session token' });
  });
}
