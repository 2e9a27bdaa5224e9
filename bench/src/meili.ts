import path from 'node:path';
import { startLocalMeilisearch, type LocalMeilisearch } from '@hiraku/search/src/localMeilisearch';
import { OFFSET, PORTS, REPO_DIR, WORK_DIR } from './config';

export const MEILI_DATA_DIR = path.join(WORK_DIR, OFFSET ? `meilisearch-${OFFSET}` : 'meilisearch');

/** The benchmark's own Meilisearch on its own port and data folder; its index survives between phases. */
export function startBenchMeilisearch(): Promise<LocalMeilisearch> {
  return startLocalMeilisearch({
    dataDir: MEILI_DATA_DIR,
    port: PORTS.meilisearch,
    binDir: path.join(REPO_DIR, 'node_modules/.cache/hiraku-meilisearch'),
  });
}
