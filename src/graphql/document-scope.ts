import { getNamedType, Kind, TypeInfo, visit, visitWithTypeInfo, type DocumentNode, type GraphQLSchema } from 'graphql';
import type { ScopeKind } from '../live/change-scope.js';

/**
 * The record types whose ids scope a cached result (src/live/change-scope.ts): a live write drops a
 * result only if it shows one of the records the write touches.
 */
export const SCOPING_TYPES: Readonly<Record<string, ScopeKind>> = { Game: 'game', Team: 'team', Club: 'club', Player: 'player', LeagueGroup: 'group' };

/** The root fields that read the records their id names, and what hangs off them. */
const RECORD_ROOTS = new Set(['game', 'team', 'player', 'club', 'leagueGroup']);

/**
 * What follows from records a result need not show, so that their ids cannot scope it: rankings
 * of players across a league, spectators across games, national-team records (not written live),
 * lineup eligibility (suspensions come from other games).
 */
const UNSCOPED_TYPES = new Set([
  'TopScorer',
  'TeamVisitors',
  'NationalPlayer',
  'NationalSelection',
  'NationalPlayerRecord',
  'LineupCandidate',
  'LineupValidation',
]);

/**
 * Whether the results of a document may be scoped by the records they show: a query whose root
 * fields each read one game, team, player, club or group by id, reaching nothing league-wide. Any
 * other document (lists, filters, top scorers, an unparsable one) is read from anywhere, and every
 * write drops its results.
 */
export function documentScoping(
  schema: GraphQLSchema,
  /** The parsed document, from the server's parse cache (undefined if it does not parse): judged once per parsed document. */
  parseDocument: (source: string) => DocumentNode | undefined,
): (document: string, operationName: string | null | undefined) => boolean {
  // Per parsed document, which the parse cache bounds in bytes: a memo keyed by the source text
  // would hold every text again.
  const judged = new WeakMap<DocumentNode, Map<string, boolean>>();
  return (source, operationName) => {
    const ast = parseDocument(source);
    if (!ast) return false;
    let byOperation = judged.get(ast);
    if (!byOperation) judged.set(ast, (byOperation = new Map<string, boolean>()));
    let scoped = byOperation.get(operationName ?? '');
    if (scoped === undefined) {
      scoped = isScoped(schema, ast, operationName ?? undefined);
      byOperation.set(operationName ?? '', scoped);
    }
    return scoped;
  };
}

function isScoped(schema: GraphQLSchema, ast: DocumentNode, operationName: string | undefined): boolean {
  const operations = ast.definitions.filter((definition) => definition.kind === Kind.OPERATION_DEFINITION);
  const operation =
    operationName === undefined ? (operations.length === 1 ? operations[0] : undefined) : operations.find((op) => op.name?.value === operationName);
  if (operation?.operation !== 'query') return false;
  const typeInfo = new TypeInfo(schema);
  const queryType = schema.getQueryType();
  let scoped = true;
  // Every field of every operation and fragment in the document: stricter than the selected
  // operation alone, and simpler than following its fragments.
  visit(
    ast,
    visitWithTypeInfo(typeInfo, {
      Field(node) {
        const parent = typeInfo.getParentType();
        const type = typeInfo.getType();
        if (node.name.value.startsWith('__')) return;
        if (!parent || !type) scoped = false;
        else if (parent === queryType && !RECORD_ROOTS.has(node.name.value)) scoped = false;
        else if (UNSCOPED_TYPES.has(getNamedType(type).name)) scoped = false;
      },
    }),
  );
  return scoped;
}
