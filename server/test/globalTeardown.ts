import fs from 'node:fs/promises';
import { testServices } from './globalSetup';

export default async function globalTeardown(): Promise<void> {
  const services = testServices();
  if (services.meilisearch) {
    await services.meilisearch.stop();
    // A watch-mode rerun must start a new server, not reuse the address of this stopped one.
    delete process.env.TEST_MEILI_HOST;
    delete process.env.TEST_MEILI_KEY;
  }
  if (services.meiliDataDir) await fs.rm(services.meiliDataDir, { recursive: true, force: true });
  delete services.meilisearch;
  delete services.meiliDataDir;
}
