import { startLocalMeilisearch } from '@hiraku/search';
async function main() {
  const binDir = '/work/main/node_modules/.cache/hiraku-meilisearch';
  const a = await startLocalMeilisearch({ dataDir: '/tmp/cs-test/data', binDir });
  console.info('a', a.host);
  try {
    const b = await startLocalMeilisearch({ dataDir: '/tmp/cs-test/data', binDir, startTimeoutMs: 8000 });
    console.info('b started', b.host);
    await b.stop();
  } catch (e) { console.info('b failed', String(e).slice(0, 600)); }
  await a.stop();
}
main();
