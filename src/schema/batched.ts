/**
 * Prisma answers the findUnique calls of one tick with one statement, but findUniqueOrThrow only when
 * the selection has no nested relations. Rows computed by loaders resolve their records with
 * findUnique and this check instead, so a table of n rows costs one statement per record kind.
 */
export function existing<T>(what: string, id: number): (record: T | null) => T {
  return (record) => {
    if (record === null) throw new Error(`${what} ${id} does not exist`);
    return record;
  };
}
