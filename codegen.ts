// Typed facade documents: `npm run codegen` (also run by `npm run schema:print`) reads schema.graphql
// and every `graphql(`…`)` document under src/facades, and writes src/facades/generated/ (committed;
// test/schema-file.test.ts fails when it is stale). A facade writes its document as
// `graphql(`query X … `)`; the generated overload of `graphql` gives it the type
// `TypedDocumentNode<XQuery, XQueryVariables>`, from which `facadeDocument` infers the result its
// reshaper receives and the variables its route passes.
//
// Why graphql-codegen's client preset (and not gql.tada, nor the typed-document-node plugins alone):
// - no runtime dependency: the generated code is plain data (documents pre-parsed to AST, so the
//   service parses nothing) and types; `@graphql-typed-document-node/core` is imported as a type
//   only. The production image installs no dev dependency (Dockerfile: npm ci --omit=dev), and
//   gql.tada's `graphql()` would be one, parsing at run time;
// - the document stays in the module beside its reshaper, as before (the typed-document-node plugins
//   alone would move the usable document into the generated file, leaving the string a dead copy);
// - the output is a committed artifact checked by a test, like schema.graphql;
// - it runs offline (the schema is the local file) on Node 20 and graphql 16. The CLI is pinned to
//   6.3.x: 7.x depends on listr2 10, which needs Node 22.
// Fragments are shared by name (a document spreads `...GameRow`; the generated document carries the
// fragment's definition), not by string interpolation, which a typed document cannot have.
import type { CodegenConfig } from '@graphql-codegen/cli';

export const GENERATED_DIRECTORY = 'src/facades/generated/';

const config: CodegenConfig = {
  schema: 'schema.graphql',
  documents: ['src/facades/**/*.ts', `!${GENERATED_DIRECTORY}**`],
  // Relative imports with `.js`, as NodeNext module resolution wants.
  emitLegacyCommonJSImports: false,
  generates: {
    [GENERATED_DIRECTORY]: {
      preset: 'client',
      // A reshaper reads a fragment's fields on the result itself (`game.homeTeam`), as before.
      presetConfig: { fragmentMasking: false },
      config: {
        // What in-process execution returns: DateTime serializes to an ISO string, Date is
        // YYYY-MM-DD (src/schema/scalars.ts); variables are passed the same way.
        scalars: { DateTime: 'string', Date: 'string' },
        strictScalars: true,
        // Enum values as string unions ('FINISHED' | …), which the domain's string rules accept.
        enumsAsTypes: true,
        // A list variable or input field is typed as a list (`[Int!]` is number[], not number | number[]).
        arrayInputCoercion: false,
        // Selected fields are always present (null when null), not optional; @include/@skip fields
        // stay optional, nullable variables and input fields may be left out.
        avoidOptionals: { field: true },
        skipTypename: true,
        onlyOperationTypes: true,
        useTypeImports: true,
      },
    },
  },
};

export default config;
