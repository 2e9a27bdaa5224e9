import type { Server } from 'node:http';
import { createApp } from './app';
import { boot } from './boot';
import { parseEnv } from './env';

/** `npm start` / `npm run serve`: boot everything, listen, and stop it all cleanly on Ctrl-C. */
async function main(): Promise<void> {
  const env = parseEnv();
  const { services, shutdown } = await boot(env);
  const app = createApp(services);
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(env.PORT, env.HOST, () => resolve(s));
  });

  console.info(`\n  ひらく を起動しました → ${env.publicUrl}\n  （終了するには Ctrl-C）\n`);

  let closing = false;
  const stop = (signal: string) => {
    if (closing) return;
    closing = true;
    services.logger.info({ signal }, '停止しています');
    server.close();
    server.closeAllConnections();
    void shutdown().then(() => process.exit(0));
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
