import { endpoint } from './define';
import { healthResponseSchema } from '../system';

export const SYSTEM_ENDPOINTS = {
  /** Load balancers and `npm start` users check this: 200 while the database answers, 503 otherwise. */
  'health.check': endpoint('health.check', { access: 'public', response: healthResponseSchema, cache: 'no-store', errors: [] }),
};
