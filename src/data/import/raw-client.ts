import type { PrismaClient } from '../../generated/prisma/client.js';

/** What the importer needs from Prisma: raw SQL, on the client or inside a transaction. */
export type RawClient = Pick<PrismaClient, '$queryRawUnsafe' | '$executeRawUnsafe'>;
