import type { CorsPolicy, InterfacePolicy } from '../../http/interface-policy.js';
import { envelopeErrorFormat } from '../shared/errors.js';

/** Public reads: what a browser page may send to the main interface (and to whatever answers like it). */
const READ: CorsPolicy = { methods: ['GET', 'HEAD'], allowedHeaders: ['Content-Type', 'If-None-Match'] };

/**
 * The main interface under /api: public league data, read by apps and club websites' widgets, in
 * the JSON envelope. It is also the fallback: served at the root for deployed clients, its format
 * answers every URL no interface claims.
 */
export const MAIN_INTERFACE: InterfacePolicy = {
  name: 'api',
  credentials: 'none',
  cors: READ,
  errors: envelopeErrorFormat,
  documented: ['GET', 'POST'],
  sharing: 'public',
};

/** The main interface at the root, for deployed clients that call it so: the document lists only its /api paths. */
export const MAIN_AT_ROOT: InterfacePolicy = { ...MAIN_INTERFACE, documented: undefined };

/** Favorite sessions, part of the main interface wherever it is served: changed with a form or JSON POST. */
export const sessionsOf = (main: InterfacePolicy): InterfacePolicy => ({
  ...main,
  cors: { methods: ['GET', 'HEAD', 'POST'], allowedHeaders: ['Content-Type', 'If-None-Match'] },
});
