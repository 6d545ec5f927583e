// Report sessions (the back office's `auth_token`): a key logs in for a token that speaks for it
// for four hours (src/domain/report-session.ts). Checking the credentials a login presents is the
// HTTP layer's, under the failed-key brake; these fields work with the caller it resolved.
import { closeSession, type OpenedSession, openSession } from '../auth/session-tokens.js';
import { type ApiCredential, isEventKey } from '../domain/access.js';
import { builder } from './builder.js';

const OpenedReportSession = builder.objectRef<OpenedSession & { gameIds: readonly number[] }>('OpenedReportSession').implement({
  description: 'A report session just opened: its token, shown this once (only its hash is stored), and when it stops working.',
  fields: (t) => ({
    authToken: t.exposeString('token', { description: 'Send it as auth_token (or Authorization: Bearer) with every request until it expires.' }),
    expiresAt: t.expose('expiresAt', { type: 'DateTime', description: 'When the token stops working: four hours after the login.' }),
    eventId: t.int({
      nullable: true,
      description: "The event (anlass) whose desk logged in: the key's id; null for a partner's or club's key.",
      resolve: (session) => (session.gameIds.length > 0 ? session.apiKeyId : null),
    }),
  }),
});

const ReportSession = builder.objectRef<ApiCredential>('ReportSession').implement({
  description: 'What the credential of the request is: a key presented itself, or a session token made for one.',
  fields: (t) => ({
    expiresAt: t.field({
      type: 'DateTime',
      nullable: true,
      description: 'When the session token stops working; null for a key presented itself.',
      resolve: (credential) => credential.session?.expiresAt ?? null,
    }),
    eventId: t.int({
      nullable: true,
      description: "The event (anlass) the credential's desk reports: the key's id for an event key; null otherwise.",
      resolve: (credential) => (isEventKey(credential) ? credential.keyId : null),
    }),
    gameIds: t.intList({ description: "An event key's games; empty for every other key.", resolve: (credential) => [...credential.gameIds] }),
    clubId: t.int({ nullable: true, description: "The key's club; null for a federation or event key.", resolve: (credential) => credential.clubId }),
    scopes: t.stringList({
      description: 'What the key may do beyond reading (as `ApiKey.scopes`); empty: it reads only.',
      resolve: (credential) => [...credential.scopes],
    }),
  }),
});

builder.queryFields((t) => ({
  reportSession: t.field({
    type: ReportSession,
    description: 'The credential the request presents (a key or a session token): UNAUTHENTICATED when there is none or it is invalid, expired or revoked.',
    resolve: (_root, _args, ctx) => ctx.access.credential('Checking a report session'),
  }),
}));

builder.mutationFields((t) => ({
  openReportSession: t.field({
    type: OpenedReportSession,
    description:
      'Logs the presented key in for a session token valid for four hours (the back office login). A session token cannot open another; revoking the key ends its sessions.',
    resolve: async (_root, _args, ctx) => {
      const credential = ctx.access.credential('Opening a report session');
      return { ...(await openSession(ctx.primary, credential, ctx.clock.now())), gameIds: credential.gameIds };
    },
  }),
  closeReportSession: t.boolean({
    description: 'Ends the session whose token the request presents, at once, on every instance. False for a key presented itself: there is no session to end.',
    resolve: (_root, _args, ctx) => closeSession(ctx.primary, ctx.access.credential('Closing a report session'), ctx.clock.now()),
  }),
}));
