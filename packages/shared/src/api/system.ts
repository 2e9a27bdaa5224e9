import { z } from 'zod';

/** GET /api/health: 200 while the database answers, 503 (same shape) otherwise. */
export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['ok', 'unreachable']),
  search: z.enum(['ok', 'unreachable']),
});
export type HealthResponse = z.output<typeof healthResponseSchema>;
