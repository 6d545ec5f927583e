/** The version of the import format this code reads and writes. */
export const IMPORT_FORMAT_VERSION = 1;
