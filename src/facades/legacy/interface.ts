import type { InterfacePolicy } from '../../http/interface-policy.js';
import { legacyErrorFormat } from './xml.js';

/**
 * The legacy XML club interface: every call needs `apikey`, a server-side secret, so no browser page
 * is invited to call it (no CORS). Every /rest/ URL, not only the clubs, was this XML service's:
 * errors there stay XML. Its answers are the same for every valid key: shared after the key check.
 */
export const LEGACY_INTERFACE: InterfacePolicy = {
  name: 'legacy',
  credentials: 'keyed',
  cors: false,
  errors: legacyErrorFormat,
  notFoundMessage: (_method, path) => `No resource ${path}`,
  claims: '/rest/',
  sharing: 'keyed',
};
