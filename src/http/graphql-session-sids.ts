import {
  Kind,
  parse,
  type DocumentNode,
  type FragmentDefinitionNode,
  type FieldNode,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValueNode,
} from 'graphql';

/** The mutations that start a new session when their sid is null, unknown or expired. */
const SESSION_MUTATIONS = new Set(['addFavorite', 'removeFavorite']);

type Variables = Record<string, unknown>;

/** Marks a value that is not a plain literal (list, object, enum, number): not a sid, and not a skip condition. */
const OTHER = Symbol('other');

function argumentValue(node: ValueNode | undefined, variables: Variables, defaults: Map<string, ValueNode>): unknown {
  if (!node) return undefined;
  switch (node.kind) {
    case Kind.NULL:
      return null;
    case Kind.STRING:
    case Kind.BOOLEAN:
      return node.value;
    case Kind.VARIABLE: {
      const name = node.name.value;
      if (Object.hasOwn(variables, name)) return variables[name];
      return defaults.has(name) ? argumentValue(defaults.get(name), {}, new Map()) : undefined;
    }
    default:
      return OTHER;
  }
}

interface Scope {
  variables: Variables;
  defaults: Map<string, ValueNode>;
  fragments: Map<string, FragmentDefinitionNode>;
}

function included(
  node: { directives?: readonly { name: { value: string }; arguments?: readonly { name: { value: string }; value: ValueNode }[] }[] },
  scope: Scope,
): boolean {
  for (const directive of node.directives ?? []) {
    const condition = argumentValue(directive.arguments?.find((a) => a.name.value === 'if')?.value, scope.variables, scope.defaults);
    if (directive.name.value === 'skip' && condition === true) return false;
    if (directive.name.value === 'include' && condition === false) return false;
  }
  return true;
}

/** The root fields the operation would execute, through fragments, honouring @skip/@include. */
function rootFields(selectionSet: SelectionSetNode, scope: Scope, seen: Set<string>): FieldNode[] {
  return selectionSet.selections.flatMap((selection) => {
    if (!included(selection, scope)) return [];
    if (selection.kind === Kind.FIELD) return [selection];
    if (selection.kind === Kind.INLINE_FRAGMENT) return rootFields(selection.selectionSet, scope, seen);
    const name = selection.name.value;
    const fragment = scope.fragments.get(name);
    if (!fragment || seen.has(name)) return [];
    return rootFields(fragment.selectionSet, scope, new Set([...seen, name]));
  });
}

/** The operation a request runs, chosen by `operationName` as yoga chooses it; none when the name matches none, or is absent and there are several. */
export function chosenOperation(document: DocumentNode, operationName: unknown): OperationDefinitionNode | undefined {
  const operations = document.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  if (typeof operationName === 'string' && operationName !== '') return operations.find((o) => o.name?.value === operationName);
  return operations.length === 1 ? operations[0] : undefined;
}

function variablesOf(raw: unknown): Variables {
  if (typeof raw === 'string') {
    try {
      return variablesOf(JSON.parse(raw));
    } catch {
      return {};
    }
  }
  return raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Variables) : {};
}

/**
 * Pure: for a GraphQL request body (or a batch of them), the `sid` of every addFavorite /
 * removeFavorite the request would run, `null` where none is given. A request that yoga will reject
 * before running anything (syntax error, no such operation, not a mutation) yields nothing. Fields
 * whose sid is not a string or null fail validation and create nothing, so they are left out too.
 */
export function sessionSidsOf(body: unknown, maxTokens: number): (string | null)[] {
  if (Array.isArray(body)) return body.flatMap((item) => sessionSidsOf(item, maxTokens));
  if (!body || typeof body !== 'object') return [];
  const { query, variables, operationName } = body as Record<string, unknown>;
  if (typeof query !== 'string' || !/addFavorite|removeFavorite/.test(query)) return [];
  let document: DocumentNode;
  try {
    // The /graphql token limit: this runs before yoga's own checks, and an unbounded parse of a 256 KB body costs megabytes.
    document = parse(query, { maxTokens, noLocation: true });
  } catch {
    return []; // yoga refuses it too (syntax error or too many tokens): nothing runs
  }
  const operation = chosenOperation(document, operationName);
  if (operation?.operation !== 'mutation') return [];
  const scope: Scope = {
    variables: variablesOf(variables),
    defaults: new Map((operation.variableDefinitions ?? []).flatMap((d) => (d.defaultValue ? [[d.variable.name.value, d.defaultValue] as const] : []))),
    fragments: new Map(document.definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION).map((d) => [d.name.value, d])),
  };
  return rootFields(operation.selectionSet, scope, new Set())
    .filter((field) => SESSION_MUTATIONS.has(field.name.value))
    .flatMap((field) => {
      const sid = argumentValue(field.arguments?.find((a) => a.name.value === 'sid')?.value, scope.variables, scope.defaults);
      if (sid === undefined || sid === null) return [null];
      return typeof sid === 'string' ? [sid] : [];
    });
}
