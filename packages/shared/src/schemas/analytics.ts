import { z } from 'zod';
import { ANALYTICS_MESSAGES } from '../texts/analytics';
import { ANALYTICS_EVENT_NAMES, ANALYTICS_LIMITS, ANALYTICS_VISITOR_KEY_PATTERN } from '../analytics';

const m = ANALYTICS_MESSAGES;

const eventSchema = z.object({
  name: z.enum(ANALYTICS_EVENT_NAMES, { error: m.unknownEvent }),
  /** The route, e.g. /reports/12; a query or fragment is dropped on the server. */
  path: z.string({ error: m.badPath }).startsWith('/', m.badPath).max(ANALYTICS_LIMITS.pathMax * 4, m.badPath).optional(),
});

/** POST /api/analytics/events (JSON, sent as text/plain by navigator.sendBeacon). */
export const analyticsBatchSchema = z.object(
  {
    visitorKey: z.string({ error: m.badVisitorKey }).regex(ANALYTICS_VISITOR_KEY_PATTERN, m.badVisitorKey).optional(),
    events: z.array(eventSchema, { error: m.badBatch }).min(1, m.badBatch).max(ANALYTICS_LIMITS.batchMax, m.badBatch),
  },
  { error: m.badBatch },
);
export type AnalyticsBatch = z.output<typeof analyticsBatchSchema>;

/** The same batch as navigator.sendBeacon sends it: JSON in a text/plain body, which arrives as a string. */
export const analyticsBeaconSchema = z.preprocess((body) => {
  if (typeof body !== 'string') return body;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return undefined;
  }
}, analyticsBatchSchema);

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const daySchema = z
  .string({ error: m.badRange })
  .regex(DAY, m.badRange)
  .refine((day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) && new Date(`${day}T00:00:00Z`).toISOString().startsWith(day), m.badRange);

/** GET /api/moderation/analytics/daily?from=YYYY-MM-DD&to=YYYY-MM-DD (days in Japan time, both included). */
export const analyticsDailyQuerySchema = z
  .object({ from: daySchema, to: daySchema })
  .refine(({ from, to }) => from <= to, { message: m.badRange, path: ['to'] })
  .refine(({ from, to }) => (Date.parse(to) - Date.parse(from)) / 86_400_000 < ANALYTICS_LIMITS.dailyRangeMaxDays, { message: m.rangeTooLong, path: ['to'] });
