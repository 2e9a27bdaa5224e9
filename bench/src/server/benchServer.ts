import http from 'node:http';
import { createApp } from '../../../server/src/app';
import { boot } from '../../../server/src/boot';
import { parseEnv } from '../../../server/src/env';
import type { Sequelize } from 'sequelize';
import type { Models } from '../../../server/src/models';
import { startMemoryTimeline } from './memoryTimeline';
import { countQueries, statementShapes, totalQueries, withQueryCountHeader } from './queryCounter';

/**
 * The real API, booted the way `npm start` boots it (process.env -> parseEnv -> boot -> createApp), in a
 * process of its own started by the benchmark, bundled as `npm run build` bundles the server (processes.ts). Two additions, neither in the request path's logic:
 * each response carries its SQL statement count, and a stats port reports the process's memory, CPU time
 * and statements sent.
 */
async function main(): Promise<void> {
  const statsPort = Number(process.env.BENCH_STATS_PORT);
  const env = parseEnv();
  const { services, shutdown } = await boot(env);
  countQueries(services.sequelize);
  const notifications = notificationSwitch(services);
  const webDistDir = process.env.BENCH_WEB_DIST;
  const server = http.createServer(withQueryCountHeader(createApp(services, webDistDir ? { webDistDir } : {}).callback()));
  await new Promise<void>((resolve) => server.listen(env.PORT, env.HOST, resolve));

  let maxRss = process.memoryUsage().rss;
  const sampler = setInterval(() => {
    maxRss = Math.max(maxRss, process.memoryUsage().rss);
  }, 200);
  const stopTimeline = startMemoryTimeline();
  const stats = http.createServer((req, res) => {
    if (req.url === '/reset') maxRss = process.memoryUsage().rss;
    if (req.url === '/notifications/off') notifications.set(false);
    if (req.url === '/notifications/on') notifications.set(true);
    res.setHeader('content-type', 'application/json');
    // The statements sent since the last look, by shape: where a process's statements go.
    if (req.url === '/statements') return void res.end(JSON.stringify(statementShapes(true)));
    // Each named cache's hits, misses and size since boot (server/src/cache): hit rates per run by difference.
    if (req.url === '/caches') return void res.end(JSON.stringify(services.caches.stats()));
    const cpu = process.cpuUsage();
    // CPU time and statements of the whole process (requests and any worker in it), for figures per request.
    // heapTotal, heapUsed, external and arrayBuffers beside rss: what the resident memory is made of.
    const { rss, ...heap } = process.memoryUsage();
    // systemMs: the kernel's share (sockets to the database, the engine and the clients).
    res.end(JSON.stringify({ rss, maxRss, heap, cpuMs: (cpu.user + cpu.system) / 1000, systemMs: cpu.system / 1000, queries: totalQueries() }));
  });
  await new Promise<void>((resolve) => stats.listen(statsPort, env.HOST, resolve));
  process.send?.('ready');

  const stop = () => {
    clearInterval(sampler);
    stopTimeline();
    stats.close();
    server.close();
    server.closeAllConnections();
    void shutdown().then(() => process.exit(0));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  process.on('disconnect', stop);
}

/**
 * `npm run bench:notifications` compares the like toggle and comment create with and without their
 * notification, in the same process and run. Switched off (GET /notifications/off on the stats port),
 * notify()'s outbox insert is skipped: what these writes were before issue 20. On by default; nothing
 * else of the request changes.
 */
function notificationSwitch(services: { sequelize: Sequelize; models: Pick<Models, 'Comment'> }): { set(on: boolean): void } {
  const { sequelize } = services;
  let on = true;
  const query = sequelize.query.bind(sequelize) as (...args: unknown[]) => Promise<unknown>;
  const patched = (...args: unknown[]) => {
    const [sql] = args as [unknown];
    if (on || typeof sql !== 'string') return query(...args);
    if (sql.startsWith('INSERT INTO notification_outbox')) return Promise.resolve([[], 0]);
    return query(...args);
  };
  Object.assign(sequelize, { query: patched });
  return {
    set(value) {
      on = value;
    },
  };
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
