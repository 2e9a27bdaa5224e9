import { randomBytes } from 'node:crypto';
import { createSearchClient, type SearchClient } from '../src/client';
import type { ReportSearchDocument } from '../src/reportsIndex';
import { waitForSuccess } from '../src/tasks';

/** The run's Meilisearch, started by server/test/globalSetup.ts. For integration tests only. */
export function testSearchClient(): SearchClient {
  const host = process.env.TEST_MEILI_HOST;
  if (!host) throw new Error('TEST_MEILI_HOST is not set: run integration tests through jest (--selectProjects integration).');
  return createSearchClient({ host, apiKey: process.env.TEST_MEILI_KEY });
}

/** Index names of one test file never meet another's, so files can run in parallel on one server. */
export function uniqueIndexPrefix(label: string): string {
  return `t_${label.replace(/[^A-Za-z0-9]/g, '')}_${process.pid}_${randomBytes(3).toString('hex')}_`;
}

export async function deleteIndexesWithPrefix(client: SearchClient, prefix: string): Promise<void> {
  const { results } = await client.getRawIndexes({ limit: 1000 });
  for (const { uid } of results) {
    if (uid.startsWith(prefix)) await waitForSuccess(client, client.deleteIndex(uid), `delete ${uid}`);
  }
}

/** A plain published report; tests override only what they are about. */
export function reportDocument(id: number, overrides: Partial<ReportSearchDocument> = {}): ReportSearchDocument {
  return {
    id,
    title: `レポート${id}`,
    description: '',
    tips: '',
    toolNames: [],
    stepTexts: [],
    tagNames: [],
    authorUsername: `会員${id}`,
    authorPublicId: `pub${id}`,
    authorId: 1,
    gender: null,
    sexualOrientation: null,
    role: null,
    playCategories: [],
    playContents: [],
    createdAt: Date.UTC(2024, 0, id),
    likeCount: 0,
    warnings: [],
    savedBy: [],
    ...overrides,
  };
}
