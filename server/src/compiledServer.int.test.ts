import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { findFreePort } from '@hiraku/search';
import type { TagItem } from '@hiraku/shared';
import { REPO_DIR, startServerProcess, type ServerProcess } from '../test/support/serverProcess';

/**
 * `npm run serve` runs the bundle server/buildServer.mjs makes, not the sources the other tests start: the
 * bundle itself boots on the embedded SQLite default (migrations, the seeded taxonomy, the API) and stops
 * cleanly on SIGTERM. It is started with the serve script's own V8 flags, so a Node that refuses one of
 * them fails here rather than at a deployment's start.
 */
describe('the bundled server (npm run build, npm run serve)', () => {
  // Beside server/dist/main.cjs, which `npm run build` may be writing at the same time (dist/ is ignored by git and lint).
  const buildDir = path.join(REPO_DIR, 'server', 'dist', `bundle-test-${process.pid}`);
  const bundle = path.join(buildDir, 'main.cjs');
  let dataDir: string;
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hiraku-bundle-'));
    const built = spawnSync(process.execPath, [path.join(REPO_DIR, 'server/buildServer.mjs'), path.join(REPO_DIR, 'server/src/main.ts'), bundle], { encoding: 'utf8' });
    expect({ status: built.status, stderr: built.stderr }).toEqual({ status: 0, stderr: '' });
  });

  afterAll(async () => {
    await server?.stop();
    await fs.rm(buildDir, { recursive: true, force: true });
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('holds no TypeScript and loads npm packages from node_modules', async () => {
    const code = await fs.readFile(bundle, 'utf8');
    expect(code).toContain('require("koa")');
    expect(code).toContain('require("sequelize")');
    // The workspace packages are inside: Node could not load their .ts files.
    expect(code).not.toMatch(/require\("@hiraku\//);
  });

  it('migrates, seeds and serves the API on SQLite, then stops on SIGTERM', async () => {
    const port = await findFreePort();
    server = startServerProcess(
      {
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        MEILI_HOST: process.env.TEST_MEILI_HOST ?? '',
        MEILI_MASTER_KEY: process.env.TEST_MEILI_KEY ?? '',
        MEILI_INDEX_PREFIX: `bundle${process.pid}_`,
        LOG_LEVEL: 'warn',
      },
      'bundled server',
      { main: bundle },
    );
    await server.waitFor(/を起動しました →/);
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(await health.json()).toEqual({ status: 'ok', database: 'ok', search: 'ok' });
    const tags = (await (await fetch(`http://127.0.0.1:${port}/api/tags`)).json()) as TagItem[];
    expect(tags.length).toBeGreaterThanOrEqual(40);

    await server.stop();
    expect(await server.exited).toBe(0);
  }, 120_000);
});
