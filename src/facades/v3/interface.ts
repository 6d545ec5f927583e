import type { InterfacePolicy } from '../../http/interface-policy.js';
import { jsonApiErrorFormat } from './json-api.js';

/** The lineup interface under /api/v3: every call needs a key (`Authorization: Bearer`, `X-Api-Key` or `auth_token`); errors are JSON:API; every answer is what the caller's key may see. */
export const LINEUP_INTERFACE: InterfacePolicy = {
  name: 'v3',
  credentials: 'keyed',
  cors: { methods: ['GET', 'HEAD'], allowedHeaders: ['Authorization', 'Content-Type', 'If-None-Match', 'X-Api-Key'] },
  errors: jsonApiErrorFormat,
  documented: ['GET', 'POST'],
  sharing: 'private',
};
