import http from 'node:http';
import { createApp } from '../../../server/src/app';
import { boot } from '../../../server/src/boot';
import { parseEnv } from '../../../server/src/env';
import type { Sequelize } from 'sequelize';
import { countQueries, statementShapes, totalQueries, withQueryCountHeader } from './queryCounter';

/**
 * The real API, booted the way `npm start` boots it (process.env -> parseEnv -> boot -> createApp), in a
 * process of its own started by the benchmark. Two additions, neither in the request path's logic:
 * each response carries its SQL statement count, and a stats port reports the process's memory, CPU time
 * and statements sent.
 */
async function main(): Promise<void> {
  const statsPort = Number(process.env.BENCH_STATS_PORT);
  const env = parseEnv();
  const { services, shutdown } = await boot(env);
  countQueries(services.sequelize);
  const notifications = notificationSwitch(services.sequelize);
  const server = http.createServer(withQueryCountHeader(createApp(services).callback()));
  await new Promise<void>((resolve) => server.listen(env.PORT, env.HOST, resolve));

  let maxRss = process.memoryUsage().rss;
  const sampler = setInterval(() => {
    maxRss = Math.max(maxRss, process.memoryUsage().rss);
  }, 200);
  const stats = http.createServer((req, res) => {
    if (req.url === '/reset') maxRss = process.memoryUsage().rss;
    if (req.url === '/notifications/off') notifications.set(false);
    if (req.url === '/notifications/on') notifications.set(true);
    res.setHeader('content-type', 'application/json');
    // The statements sent since the last look, by shape: where a process's statements go.
    if (req.url === '/statements') return void res.end(JSON.stringify(statementShapes(true)));
    const cpu = process.cpuUsage();
    // CPU time and statements of the whole process (requests and any worker in it), for figures per request.
    res.end(JSON.stringify({ rss: process.memoryUsage().rss, maxRss, cpuMs: (cpu.user + cpu.system) / 1000, queries: totalQueries() }));
  });
  await new Promise<void>((resolve) => stats.listen(statsPort, env.HOST, resolve));
  process.send?.('ready');

  const stop = () => {
    clearInterval(sampler);
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
 * `npm run bench:notifications` compares the like toggle and comment create with and without their one
 * notification write, in the same process and run: switched off (GET /notifications/off on the stats
 * port), notify()'s outbox insert is skipped, which is exactly what those writes did before issue 20.
 * On by default; nothing else of the request changes.
 */
function notificationSwitch(sequelize: Sequelize): { set(on: boolean): void } {
  let on = true;
  // notify() queues its event with one plain INSERT (server/src/notifications/events.ts): that statement is skipped.
  const query = sequelize.query.bind(sequelize) as (...args: unknown[]) => Promise<unknown>;
  const patched = (...args: unknown[]) => (!on && typeof args[0] === 'string' && args[0].startsWith('INSERT INTO notification_outbox') ? Promise.resolve([[], 0]) : query(...args));
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
