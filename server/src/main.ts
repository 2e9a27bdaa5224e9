import type { Server } from 'node:http';
import { createApp } from './app';
import { boot, bootWorker } from './boot';
import { parseEnv } from './env';
import { answerClientErrors } from './http/clientErrors';
import { keepIdleConnectionsOpen } from './http/keepAlive';

/**
 * `npm start` / `npm run serve`: boot what HIRAKU_ROLE asks for (everything by default), listen unless
 * this is a worker, and stop it all cleanly on Ctrl-C or SIGTERM.
 */
async function main(): Promise<void> {
  const env = parseEnv();
  let stopping: (() => Promise<void>) | undefined;
  let logger: { info(object: object, message: string): void };

  if (env.HIRAKU_ROLE === 'worker') {
    const worker = await bootWorker(env);
    logger = worker.logger;
    stopping = worker.shutdown;
    console.info(`\n  ひらく のワーカーを起動しました（pid ${process.pid}）\n`);
  } else {
    const { services, shutdown } = await boot(env);
    logger = services.logger;
    const app = createApp(services);
    const server: Server = await new Promise((resolve) => {
      const s = app.listen(env.PORT, env.HOST, () => resolve(s));
    });
    answerClientErrors(server);
    keepIdleConnectionsOpen(server);
    stopping = async () => {
      server.close();
      server.closeAllConnections();
      await shutdown();
    };
    const what = env.HIRAKU_ROLE === 'api' ? 'ひらく の API' : 'ひらく';
    console.info(`\n  ${what}を起動しました → ${env.publicUrl}（pid ${process.pid}）\n  （終了するには Ctrl-C）\n`);
  }

  let closing = false;
  const stop = (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, '停止しています');
    void stopping?.().then(() => process.exit(0));
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
