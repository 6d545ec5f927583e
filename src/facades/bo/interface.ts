import type { InterfacePolicy } from '../../http/interface-policy.js';
import { boErrorFormat } from './envelope.js';

/**
 * The back office under /bo: desks' web apps log in and write with forms or JSON, the token may
 * come as `Authorization: Bearer`; answers and errors are `{status, payload}`, and each is its token's.
 */
export const BACK_OFFICE: InterfacePolicy = {
  name: 'bo',
  credentials: 'keyed',
  cors: { methods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE'], allowedHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key', 'X-Api-Key'] },
  errors: boErrorFormat,
  documented: ['GET', 'POST', 'PUT', 'DELETE'],
  sharing: 'private',
};
