// API keys for the legacy XML, lineup and GraphQL interfaces:
//   create <name> [--club <id>] [--scope games:write|admin|people:read|passwords:validate]...   prints the new key once
//   create <name> --game <id>...                                an event desk's key (back office anlass): reports those games only
//   list                                                         id, name, prefix, club, scopes, created, revoked
//   revoke <id>                                                  stops the key working at once
//   rotate <id>                                                  a new key for the same name, club and scopes; the old one is revoked
//   signing-keys                                                 the keys results are signed with: kid, created, retired (or signing)
//   rotate-signing-key                                           a new key signs results from now on; the old one stays in the JWKS
// Every key reads; `games:write` also records live games (a club key: its home games); `admin`
// administers keys and reads audits on a running service (GraphQL `apiKeys`, `createApiKey`, ...).
// On the embedded database a running service is asked through its lock file's operator token;
// otherwise the database is used directly. `--url <service> --key <admin key>` (or SERVICE_URL and
// ADMIN_KEY) ask any running service instead (docs/operations.md).
import type { AdministeredKey, IssuedKey } from '../src/auth/key-store.js';
import type { PublicSigningKey } from '../src/auth/result-signing-keys.js';
import { administer, errorLine, SERVICE_FLAGS, SERVICE_USAGE, serviceTarget } from '../src/data/cli/admin-client.js';
import { parseArguments, parseId, singleFlag, UsageError } from '../src/data/cli/arguments.js';
import { KEY_SCOPES } from '../src/domain/api-keys.js';

const USAGE = `usage: npm run keys -- create <name> [--club <id>] [--scope ${KEY_SCOPES.join('|')}]... | create <name> --game <id>... | list | revoke <id> | rotate <id> | signing-keys | rotate-signing-key  ${SERVICE_USAGE}`;

function listLine(key: AdministeredKey): string {
  return [
    key.id,
    key.name,
    `${key.prefix}…`,
    key.clubId ?? '-',
    key.scopes.join(',') || 'read',
    key.createdAt.toISOString(),
    key.revokedAt?.toISOString() ?? 'active',
    // Last, so that scripts reading the columns before it keep working.
    ...(key.gameIds.length > 0 ? [`event games ${key.gameIds.join(',')}`] : []),
  ].join('\t');
}

function signingKeyLine(key: PublicSigningKey): string {
  return [key.kid, key.createdAt.toISOString(), key.retiredAt ? `retired ${key.retiredAt.toISOString()}` : 'signing'].join('\t');
}

function issuedLines(issued: IssuedKey, replaced?: number): string {
  const what = replaced === undefined ? '' : ` replaces key ${replaced}, which is revoked now`;
  const event = issued.key.gameIds.length > 0 ? `\nback office: anlass_id=${issued.key.id} password=<the key>` : '';
  return `key ${issued.key.id} (${issued.key.name})${what}: ${issued.secret}${event}\nstore it now: it is not shown again`;
}

async function main(): Promise<void> {
  const parsed = parseArguments(process.argv.slice(2), ['--club', '--scope', '--game', ...SERVICE_FLAGS], USAGE);
  const [command, argument, ...extra] = parsed.positionals;
  const target = serviceTarget({ url: singleFlag(parsed, '--url', USAGE), key: singleFlag(parsed, '--key', USAGE) });
  const club = singleFlag(parsed, '--club', USAGE);
  const scopes = (parsed.flags.get('--scope') ?? []).flatMap((scope) => scope.split(',')).filter(Boolean);
  const games = (parsed.flags.get('--game') ?? []).flatMap((game) => game.split(',')).filter(Boolean);
  if (command !== 'create' && (club !== undefined || scopes.length > 0 || games.length > 0))
    throw new UsageError(`--club, --scope and --game are for create; ${USAGE}`);
  const takesNoArgument = command === 'list' || command === 'signing-keys' || command === 'rotate-signing-key';
  if (extra.length > 0 || takesNoArgument !== (argument === undefined)) throw new UsageError(USAGE);

  switch (command) {
    case 'create': {
      const clubId = club === undefined ? null : parseId(club, '--club (a club id)');
      const gameIds = games.map((game) => parseId(game, '--game (a game id)'));
      const issued = await administer(target, (admin) => admin.createKey({ name: argument ?? '', clubId, scopes, gameIds }));
      console.log(issuedLines(issued));
      return;
    }
    case 'list': {
      const keys = await administer(target, (admin) => admin.listKeys());
      for (const key of keys) console.log(listLine(key));
      return;
    }
    case 'revoke': {
      const id = parseId(argument, 'The key id');
      const revoked = await administer(target, (admin) => admin.revokeKey(id));
      console.log(`key ${revoked.id} revoked`);
      return;
    }
    case 'rotate': {
      const id = parseId(argument, 'The key id');
      const issued = await administer(target, (admin) => admin.rotateKey(id));
      console.log(issuedLines(issued, id));
      return;
    }
    case 'signing-keys': {
      const keys = await administer(target, (admin) => admin.signingKeys());
      for (const key of keys) console.log(signingKeyLine(key));
      return;
    }
    case 'rotate-signing-key': {
      const key = await administer(target, (admin) => admin.rotateSigningKey());
      console.log(`signing key ${key.kid} signs results from now on; the keys before it stay in /.well-known/jwks.json`);
      return;
    }
    default:
      throw new UsageError(USAGE);
  }
}

main().catch((error: unknown) => {
  console.error(errorLine(error));
  process.exit(1);
});
