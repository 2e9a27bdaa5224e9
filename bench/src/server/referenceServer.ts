import Koa from 'koa';

/**
 * The reference: a bare Koa app answering the same JSON bodies the API answered, from memory, keyed by
 * method and URL. No database, no session, no middleware: what Node and Koa alone can serve here.
 */
interface Routes {
  port: number;
  host: string;
  bodies: Record<string, unknown>;
}

let maxRss = process.memoryUsage().rss;
setInterval(() => {
  maxRss = Math.max(maxRss, process.memoryUsage().rss);
}, 200).unref();

process.once('message', (message: Routes) => {
  const bodies = new Map(Object.entries(message.bodies));
  const app = new Koa();
  app.use((ctx) => {
    if (ctx.url === '/__stats') {
      ctx.body = { rss: process.memoryUsage().rss, maxRss };
      return;
    }
    const body = bodies.get(`${ctx.method} ${ctx.url}`);
    if (body === undefined) {
      ctx.status = 404;
      ctx.body = { error: 'not_found' };
      return;
    }
    ctx.body = body;
  });
  const server = app.listen(message.port, message.host, () => process.send?.('ready'));
  process.on('disconnect', () => server.close(() => process.exit(0)));
});
