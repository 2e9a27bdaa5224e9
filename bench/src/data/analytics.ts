import { createHash } from 'node:crypto';
import type { Connection, RowDataPacket } from 'mysql2/promise';
import { createRandom } from './corpus';

export interface AnalyticsDataOptions {
  /** Raw events in all, spread evenly over `days` Japanese days up to now. */
  events: number;
  days: number;
  seed: number;
}

const BATCH = 5_000;
const DAY_MS = 86_400_000;
/** The site's own pages, most viewed first; report pages are their own routes (/reports/123). */
const PAGES = ['/', '/reports', '/search', '/profile/:publicId', '/faq', '/glossary', '/create-report', '/notifications', '/settings', '/login', '/signup', '/tutorial', '/terms', '/privacy', '/contact'];
const EVENT_NAMES = ['report_create_submit', 'report_create_success', 'report_create_failure', 'report_edit_submit', 'report_edit_success', 'report_edit_failure', 'report_delete_attempt'];

/**
 * First-party analytics as the browser sends them: 85 % page views, the rest report events;
 * page views mostly of the site's own pages (a skewed share), a third on report pages, which makes a few
 * hundred routes a day, as the data set had. Visitors are the daily hashed ids of a few thousand
 * browsers. Multi-row INSERTs in batches, never the whole set in memory.
 */
export async function generateAnalytics(conn: Connection, options: AnalyticsDataOptions): Promise<{ events: number; days: number }> {
  const random = createRandom(options.seed);
  const [[row]] = await conn.query<RowDataPacket[]>('SELECT COUNT(*) AS n FROM reports');
  const reports = Math.max(1, Number(row?.n));
  const now = Date.now();
  const span = options.days * DAY_MS;
  let written = 0;
  while (written < options.events) {
    const rows: unknown[][] = [];
    for (let i = 0; i < BATCH && written + i < options.events; i += 1) {
      // Oldest first, evenly over the span, the last one a minute ago.
      const at = new Date(now - 60_000 - Math.floor(((options.events - written - i) / options.events) * span) + random.int(0, 59_000));
      const visitor = createHash('sha256').update(`${Math.floor((now - at.getTime()) / DAY_MS)}:${random.int(0, 4_000)}`).digest('hex').slice(0, 32);
      if (random.next() < 0.15) {
        rows.push([random.pick(EVENT_NAMES), null, visitor, at]);
        continue;
      }
      const path =
        random.next() < 0.35
          ? `/reports/${Math.min(reports, Math.floor(1 / Math.pow(1 - random.next(), 1 / 0.9)))}`
          : (PAGES[Math.min(PAGES.length - 1, Math.floor(-Math.log(1 - random.next()) * 3))] ?? '/');
      rows.push(['page_view', path, visitor, at]);
    }
    await conn.query('INSERT INTO analytics_events (name, path, visitor_id, occurred_at) VALUES ?', [rows]);
    written += rows.length;
  }
  await conn.query('ANALYZE TABLE analytics_events');
  return { events: written, days: options.days };
}
