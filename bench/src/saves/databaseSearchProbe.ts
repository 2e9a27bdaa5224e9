/**
 * `node --import tsx src/saves/databaseSearchProbe.ts --database hiraku_bench_<n>` (issue 37, option b of
 * docs/decisions.md): the database search inside one member's saves (`searchReportsInDatabase` with
 * `savedBy`, no bound), the bench's 12 words × 2 orders, one at a time; run after savesBench.ts gave the
 * members their saves. Prints p50 and p95 of the statement alone.
 */
import mysql, { type RowDataPacket } from 'mysql2/promise';
import { createSequelize } from '../../../server/src/db/connection';
import { searchReportsInDatabase } from '../../../server/src/search/databaseFallbackSearch';
import { MYSQL_SERVER_URL } from '../config';
import { SEARCH_QUERIES } from '../data/corpus';
import { databaseUrl } from '../data/database';

async function main(): Promise<void> {
  const database = String(process.argv[process.argv.indexOf('--database') + 1]);
  const url = databaseUrl(MYSQL_SERVER_URL, database);
  const conn = await mysql.createConnection({ uri: url });
  const [[member]] = await conn.query<RowDataPacket[]>('SELECT user_id AS id, COUNT(*) AS n FROM saves GROUP BY user_id ORDER BY n DESC LIMIT 1');
  await conn.end();
  const sequelize = createSequelize({ databaseUrl: url, dataDir: '/tmp' });
  const viewer = { id: Number(member?.id), now: new Date() };
  const times: number[] = [];
  for (let round = 0; round < 2; round += 1) {
    for (const sort of ['new', 'like'] as const) {
      for (const query of SEARCH_QUERIES) {
        const started = performance.now();
        await searchReportsInDatabase(sequelize, { query, sort, limit: 20, offset: 0, filters: {}, viewer, savedBy: viewer.id }, { scanReports: 5_000, timeLimitMs: 10_000 });
        if (round > 0) times.push(performance.now() - started);
      }
    }
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]?.toFixed(1);
  console.info(`member ${viewer.id} with ${Number(member?.n)} saves: database search p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${at(1)} ms over ${times.length} searches`);
  await sequelize.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
