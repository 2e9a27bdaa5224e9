/**
 * A parent process for the runner's integration test: starts Meilisearch, prints its host as one JSON
 * line, then either exits without calling stop() (`exit`) or waits to be killed (`wait`).
 */
import { startLocalMeilisearch } from '../src/localMeilisearch';

async function main(): Promise<void> {
  const [dataDir, binDir, mode] = process.argv.slice(2);
  if (!dataDir || !binDir) throw new Error('usage: startLocalMeilisearchChild <dataDir> <binDir> exit|wait');
  const server = await startLocalMeilisearch({ dataDir, binDir });
  process.stdout.write(`${JSON.stringify({ host: server.host })}\n`);
  if (mode === 'exit') process.exit(0);
  setInterval(() => undefined, 60_000);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
