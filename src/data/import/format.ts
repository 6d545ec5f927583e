// The import format as the rest of the service uses it (CLI, demo generator, tests): the document's
// types (document.ts), its version and its validator. Modules of src/data/import import the piece
// they need from its own module instead, so the validator's imports never lead back here.
export type * from './document.js';
export { IMPORT_FORMAT_VERSION } from './version.js';
export { ImportValidationError, validateLeagueImport } from './validate.js';
